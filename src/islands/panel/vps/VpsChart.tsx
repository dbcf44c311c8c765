import { fill } from '../../../lib/fill';
import { linePoints, valueAxis, type TimeAxis } from '../../../lib/vps/graph-axes';
import type { MetricPoint } from '../../../lib/vps/metrics';
import { summarise } from '../../../lib/vps/metrics-summary';

// One VPS graph: an SVG box of lines that stretches to any width (a 360 px phone too), with its
// axes as HTML beside it, so their text is never stretched with the box: the value scale in the
// series' unit on the left edge, the times below. Screen readers get the words under it instead
// (average and peak per line); the axes repeat what the words say and are hidden from them.

export type Series = { key: Exclude<keyof MetricPoint, 'time'>; colour: string; label: string };

const width = 300;
const height = 80;

/** Where a label sits on the time axis: centred on its mark, kept inside the box at the ends. */
function placed(at: number): string {
	if (at < 0.1) return 'translate-x-0';
	return at > 0.9 ? '-translate-x-full' : '-translate-x-1/2';
}

export function VpsChart(props: {
	id: string;
	title: string;
	points: MetricPoint[];
	series: Series[];
	/** The scale's top when it is fixed (CPU: 100 %); else the peak rounded up. */
	max?: number;
	format: (value: number) => string;
	time: TimeAxis;
	t: (key: string) => string;
}) {
	const times = props.points.map((p) => p.time);
	const lines = props.series.map((s) => ({ ...s, values: props.points.map((p) => p[s.key]) }));
	const peak = Math.max(0, ...lines.flatMap((line) => line.values.map((v) => v ?? 0)));
	const scale = valueAxis(peak, props.format, props.max);
	return (
		<figure
			className="flex min-w-0 flex-col gap-2"
			data-graph={props.id}
			data-points={times.length}
		>
			<figcaption className="font-semibold text-white" id={`vps-graph-${props.id}`}>
				{props.title}
			</figcaption>
			<div className="relative">
				<svg
					viewBox={`0 0 ${width} ${height}`}
					className="h-24 w-full rounded bg-neutral-900"
					role="img"
					aria-labelledby={`vps-graph-${props.id} vps-graph-${props.id}-text`}
					preserveAspectRatio="none"
					overflow="visible"
				>
					{[...scale.ticks, ...props.time.ticks.map((tick) => ({ ...tick, vertical: true }))].map(
						(tick, i) => {
							const vertical = 'vertical' in tick;
							const x = tick.at * width;
							const y = height - tick.at * height;
							return (
								<line
									key={i}
									x1={vertical ? x : 0}
									x2={vertical ? x : width}
									y1={vertical ? 0 : y}
									y2={vertical ? height : y}
									stroke="#404040"
									strokeWidth="1"
									vectorEffect="non-scaling-stroke"
								/>
							);
						},
					)}
					{lines.map((line) => (
						<polyline
							key={line.key}
							points={linePoints(times, line.values, scale.max, width, height)}
							fill="none"
							stroke={line.colour}
							// A lone value is drawn as a dot: its point twice, with a wider round cap.
							strokeWidth={line.values.filter((v) => v !== null).length === 1 ? 6 : 2}
							strokeLinecap="round"
							strokeLinejoin="round"
							vectorEffect="non-scaling-stroke"
						/>
					))}
				</svg>
				<div
					className="pointer-events-none absolute inset-y-0 left-1 flex flex-col-reverse justify-between py-0.5 text-xs text-neutral-300 tabular-nums"
					aria-hidden="true"
					data-y-axis
				>
					{scale.ticks.map((tick) => (
						<span key={tick.at} className="rounded bg-neutral-900/80 px-1 leading-4">
							{tick.label}
						</span>
					))}
				</div>
			</div>
			<div
				className="relative h-4 text-xs text-neutral-300 tabular-nums"
				aria-hidden="true"
				data-x-axis
			>
				{props.time.ticks.map((tick) => (
					<span
						key={tick.at}
						className={`absolute top-0 whitespace-nowrap ${placed(tick.at)}`}
						style={{ left: `${tick.at * 100}%` }}
					>
						{tick.label}
					</span>
				))}
			</div>
			<ul id={`vps-graph-${props.id}-text`} className="text-sm text-neutral-200">
				{lines.map((line) => {
					const summary = summarise(line.values);
					return (
						<li key={line.key} data-summary={line.key}>
							<span aria-hidden="true" style={{ color: line.colour }}>
								●{' '}
							</span>
							{line.label}:{' '}
							{summary
								? fill(props.t('vps.page.graphs.summary'), {
										average: props.format(summary.average),
										peak: props.format(summary.peak),
									})
								: props.t('vps.page.graphs.noData')}
						</li>
					);
				})}
			</ul>
		</figure>
	);
}
