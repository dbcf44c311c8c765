import type { Usage } from '~/stores/game-console';
import type { PanelTools } from '../shared/context';

const gib = 1024 ** 3;
const knownStates = new Set(['offline', 'starting', 'running', 'stopping']);

/** The server's state and its live CPU, memory and disk, as Wings' `status` and `stats` say. */
export function ConsoleStats(props: {
	state: string | null;
	usage: Usage | null;
	tools: PanelTools;
}) {
	const { t, intl } = props.tools;
	const number = (value: number, digits = 1) =>
		new Intl.NumberFormat(intl, { maximumFractionDigits: digits }).format(value);
	const u = props.usage;
	const state = props.state && knownStates.has(props.state) ? props.state : 'unknown';
	const figures = [
		['state', t('gameConsole.state'), t(`gameConsole.state.${state}`)],
		['cpu', t('gameConsole.cpu'), u ? `${number(u.cpuPercent)} %` : '–'],
		[
			'memory',
			t('gameConsole.memory'),
			u
				? `${number(u.memoryBytes / gib)}${u.memoryLimitBytes ? ` / ${number(u.memoryLimitBytes / gib)}` : ''} GB`
				: '–',
		],
		['disk', t('gameConsole.disk'), u ? `${number(u.diskBytes / gib)} GB` : '–'],
	] as const;
	return (
		<dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-console-stats>
			{figures.map(([key, label, value]) => (
				<div key={key} className="rounded-lg bg-white/5 p-2" data-stat={key}>
					<dt className="text-xs text-neutral-300">{label}</dt>
					<dd className="font-semibold text-white tabular-nums">{value}</dd>
				</div>
			))}
		</dl>
	);
}
