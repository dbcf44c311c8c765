import { useEffect, useState } from 'react';
import { fill } from '../../../lib/fill';
import { timeAxis } from '../../../lib/vps/graph-axes';
import { formatBytes, formatPercent } from '../../../lib/vps/metrics-summary';
import type { MetricPoint } from '../../../lib/vps/metrics';
import { getJson } from '../../../stores/panel-fetch';
import { panelTools, type PanelProps } from '../shared/context';
import { VpsChart } from './VpsChart';

// CPU, memory, disk I/O and network for the last hour or day (or since the machine was made, when
// that is later), each with a scale in its unit and times in the reader's zone, and its average
// and peak in words (what a screen reader says).

type Timeframe = 'hour' | 'day';

export default function VpsGraphs(props: PanelProps & { serviceId: string }) {
	const { t, intl } = panelTools(props);
	const [timeframe, setTimeframe] = useState<Timeframe>('hour');
	const [points, setPoints] = useState<MetricPoint[] | null>(null);
	const [error, setError] = useState<string | null>(null);
	useEffect(() => {
		let current = true;
		setPoints(null);
		const url = `/api/panel/vps/${encodeURIComponent(props.serviceId)}/metrics?timeframe=${timeframe}`;
		void getJson<{ points: MetricPoint[] }>(url, t('panel.error.generic')).then((answer) => {
			if (!current) return;
			if (answer.state === 'ready') setPoints(answer.data.points);
			else if (answer.state === 'error') setError(answer.message);
		});
		return () => {
			current = false;
		};
	}, [timeframe, props.serviceId]);
	const list = points ?? [];
	// Labelled in the browser's own zone, named beside the period (the island renders only there).
	const time = timeAxis(
		list.map((p) => p.time),
		intl,
	);
	const memoryTotal = Math.max(0, ...list.map((p) => p.memoryTotalBytes ?? 0));
	const memory = (v: number) => formatBytes(v, intl, 1024);
	const rate = (v: number) => `${formatBytes(v, intl)}/s`;
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="vps-graphs" aria-busy={!points}>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="vps-graphs" className="text-lg font-bold text-white">
					{t('vps.page.graphs.title')}
				</h2>
				<div className="flex gap-2" role="group" aria-label={t('vps.page.graphs.timeframe')}>
					{(['hour', 'day'] as const).map((frame) => (
						<button
							key={frame}
							type="button"
							className="btn btn-secondary"
							aria-pressed={timeframe === frame}
							data-timeframe={frame}
							onClick={() => setTimeframe(frame)}
						>
							{t(`vps.page.graphs.${frame}`)}
						</button>
					))}
				</div>
			</div>
			{error && <p role="alert">{error}</p>}
			{!points && !error && <p>{t('panel.loading')}</p>}
			{points && list.length > 0 && (
				<p className="text-sm text-neutral-300" data-graphs-range>
					{fill(t('vps.page.graphs.range'), { from: time.from, to: time.to, zone: time.zone })}
				</p>
			)}
			{points && (
				<div className="grid gap-6 md:grid-cols-2" data-graphs-ready={timeframe}>
					<VpsChart
						id="cpu"
						title={t('vps.page.graphs.cpu')}
						points={list}
						series={[{ key: 'cpu', colour: '#38bdf8', label: t('vps.page.graphs.cpuUsed') }]}
						max={1}
						format={(v) => formatPercent(v, intl)}
						time={time}
						t={t}
					/>
					<VpsChart
						id="memory"
						title={t('vps.page.graphs.memory')}
						points={list}
						series={[
							{ key: 'memoryBytes', colour: '#a78bfa', label: t('vps.page.graphs.memoryUsed') },
						]}
						max={memoryTotal}
						format={memory}
						time={time}
						t={t}
					/>
					<VpsChart
						id="disk"
						title={t('vps.page.graphs.disk')}
						points={list}
						series={[
							{ key: 'diskReadBps', colour: '#34d399', label: t('vps.page.graphs.read') },
							{ key: 'diskWriteBps', colour: '#fbbf24', label: t('vps.page.graphs.write') },
						]}
						format={rate}
						time={time}
						t={t}
					/>
					<VpsChart
						id="network"
						title={t('vps.page.graphs.network')}
						points={list}
						series={[
							{ key: 'netInBps', colour: '#60a5fa', label: t('vps.page.graphs.in') },
							{ key: 'netOutBps', colour: '#f472b6', label: t('vps.page.graphs.out') },
						]}
						format={rate}
						time={time}
						t={t}
					/>
				</div>
			)}
		</section>
	);
}
