import type { LiveStatus, ServerDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

const gib = 1024 ** 3;

/** Memory, CPU, disk and uptime as the game panel reports them, in the reader's number format. */
export function LiveResources(props: {
	live: LiveStatus;
	server: ServerDetail;
	tools: PanelTools;
}) {
	const { t, intl } = props.tools;
	const r = props.live.resources!;
	const number = (value: number, digits = 1) =>
		new Intl.NumberFormat(intl, { maximumFractionDigits: digits }).format(value);
	const hours = Math.floor(r.uptimeMs / 3_600_000);
	const minutes = Math.floor((r.uptimeMs % 3_600_000) / 60_000);
	const figures = [
		[
			'memory',
			t('servers.live.memory'),
			`${number(r.memoryBytes / gib)} / ${number(props.server.ramGb, 0)} GB`,
		],
		['cpu', t('servers.live.cpu'), `${number(r.cpuPercent)} %`],
		[
			'disk',
			t('servers.live.disk'),
			`${number(r.diskBytes / gib)} / ${number(props.server.storageGb, 0)} GB`,
		],
		['uptime', t('servers.live.uptime'), `${hours} h ${minutes} min`],
	] as const;
	// As many columns as fit at a width where "Speichernutzung" and its value stay whole.
	return (
		<dl className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3" data-live-resources>
			{figures.map(([key, label, value]) => (
				<div key={key} className="rounded-lg bg-white/5 p-3">
					<dt className="text-sm text-neutral-300">{label}</dt>
					<dd className="font-semibold text-white tabular-nums">{value}</dd>
				</div>
			))}
		</dl>
	);
}
