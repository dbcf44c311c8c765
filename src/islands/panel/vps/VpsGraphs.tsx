import { useEffect, useState } from 'react';
import { fill } from '../../../lib/fill';
import {
	formatBytes,
	formatPercent,
	linePoints,
	summarise,
} from '../../../lib/vps/metrics-summary';
import type { MetricPoint } from '../../../lib/vps/metrics';
import { getJson } from '../../../stores/panel-fetch';
import { panelTools, type PanelProps } from '../shared/context';

// CPU, memory, disk I/O and network for the last hour or day, as plain SVG lines that fit a
// 360 px phone, each with its average and peak in words (what a screen reader says).

type Timeframe = 'hour' | 'day';
type Series = { key: keyof MetricPoint; colour: string; label: string };
const width = 300;
const height = 80;

function Chart(props: {
	id: string;
	title: string;
	points: MetricPoint[];
	series: Series[];
	max: number;
	format: (value: number) => string;
	t: (key: string) => string;
}) {
	const lines = props.series.map((s) => ({
		...s,
		values: props.points.map((p) => p[s.key]),
	}));
	return (
		<figure className="flex flex-col gap-2" data-graph={props.id}>
			<figcaption className="font-semibold text-white" id={`vps-graph-${props.id}`}>
				{props.title}
			</figcaption>
			<svg
				viewBox={`0 0 ${width} ${height}`}
				className="h-24 w-full rounded bg-neutral-900"
				role="img"
				aria-labelledby={`vps-graph-${props.id} vps-graph-${props.id}-text`}
				preserveAspectRatio="none"
			>
				{lines.map((line) => (
					<polyline
						key={line.key}
						points={linePoints(line.values, props.max, width, height)}
						fill="none"
						stroke={line.colour}
						strokeWidth="2"
						vectorEffect="non-scaling-stroke"
					/>
				))}
			</svg>
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
	const peak = (keys: (keyof MetricPoint)[]) =>
		Math.max(1, ...list.flatMap((p) => keys.map((k) => (k === 'time' ? 0 : (p[k] ?? 0)))));
	const bytes = (v: number) => formatBytes(v, intl);
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
			{points && (
				<div className="grid gap-6 md:grid-cols-2" data-graphs-ready={timeframe}>
					<Chart
						id="cpu"
						title={t('vps.page.graphs.cpu')}
						points={list}
						series={[{ key: 'cpu', colour: '#38bdf8', label: t('vps.page.graphs.cpuUsed') }]}
						max={1}
						format={(v) => formatPercent(v, intl)}
						t={t}
					/>
					<Chart
						id="memory"
						title={t('vps.page.graphs.memory')}
						points={list}
						series={[
							{ key: 'memoryBytes', colour: '#a78bfa', label: t('vps.page.graphs.memoryUsed') },
						]}
						max={peak(['memoryTotalBytes', 'memoryBytes'])}
						format={bytes}
						t={t}
					/>
					<Chart
						id="disk"
						title={t('vps.page.graphs.disk')}
						points={list}
						series={[
							{ key: 'diskReadBps', colour: '#34d399', label: t('vps.page.graphs.read') },
							{ key: 'diskWriteBps', colour: '#fbbf24', label: t('vps.page.graphs.write') },
						]}
						max={peak(['diskReadBps', 'diskWriteBps'])}
						format={rate}
						t={t}
					/>
					<Chart
						id="network"
						title={t('vps.page.graphs.network')}
						points={list}
						series={[
							{ key: 'netInBps', colour: '#60a5fa', label: t('vps.page.graphs.in') },
							{ key: 'netOutBps', colour: '#f472b6', label: t('vps.page.graphs.out') },
						]}
						max={peak(['netInBps', 'netOutBps'])}
						format={rate}
						t={t}
					/>
				</div>
			)}
		</section>
	);
}
