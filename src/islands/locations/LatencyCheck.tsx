import { useStore } from '@nanostores/react';
import { $latency, $latencyRunning, checkLatency, type LatencyResult } from '../../stores/latency';
import type { LatencyStrings } from './strings';

/** A location as the check shows it: its city and test address, never the catalogue entry. */
export interface LatencyTarget {
	id: string;
	city: string;
	testAddress: string;
}

interface Props {
	targets: LatencyTarget[];
	/** The `Intl` locale the milliseconds are written in. */
	intl: string;
	strings: LatencyStrings;
}

/** The /locations latency check: a button, and per location the median time from here. */
export default function LatencyCheck({ targets, intl, strings: s }: Props) {
	const results = useStore($latency);
	const running = useStore($latencyRunning);
	const ms = new Intl.NumberFormat(intl, { style: 'unit', unit: 'millisecond' });
	const measured = targets.some((target) => results[target.id]);
	const shown = (result: LatencyResult | undefined) => {
		if (!result) return s['locations.latency.notMeasured'];
		if (result.state === 'measuring') return s['locations.latency.measuring'];
		if (result.state === 'unreachable') return s['locations.latency.unreachable'];
		return ms.format(result.ms);
	};
	return (
		<div data-latency-check>
			<button
				type="button"
				className="btn btn-primary"
				disabled={running}
				onClick={() => void checkLatency(targets)}
			>
				{measured && !running ? s['locations.latency.again'] : s['locations.latency.start']}
			</button>
			<table className="mt-6 w-full max-w-xl text-left">
				<caption className="sr-only">{s['locations.latency.title']}</caption>
				<thead className="text-sm text-neutral-300">
					<tr>
						<th scope="col" className="py-2 font-semibold">
							{s['locations.latency.location']}
						</th>
						<th scope="col" className="py-2 font-semibold">
							{s['locations.latency.result']}
						</th>
					</tr>
				</thead>
				<tbody>
					{targets.map((target) => (
						<tr key={target.id} className="border-t border-white/10" data-latency={target.id}>
							<th scope="row" className="py-3 font-semibold text-white">
								{target.city}
							</th>
							<td className="py-3 text-neutral-100 tabular-nums">{shown(results[target.id])}</td>
						</tr>
					))}
				</tbody>
			</table>
			<p role="status" className="sr-only">
				{measured && !running ? s['locations.latency.done'] : ''}
			</p>
		</div>
	);
}
