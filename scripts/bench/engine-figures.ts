import {
	billing,
	checkout,
	flood,
	gameServer,
	numberIn,
	slowdown,
	type EngineRun,
	type Read,
} from './engine-readers.ts';
import type { EngineName, Figure, Target, Unit } from './engine-table.ts';

// The tables of the engine comparison, one per figure of issue 45, and the bars PostgreSQL is held
// to in them.

export interface FigureTable {
	title: string;
	figures: Figure[];
}

interface Spec {
	name: string;
	unit: Unit;
	read: Read;
	target?: Target;
}

const TABLES: { title: string; specs: Spec[] }[] = [
	{
		title: 'Checkout: POST /api/checkout through the site',
		specs: [
			{ name: '1 buyer, p50', unit: 'ms', read: checkout(1, 'p50 ms') },
			{ name: '1 buyer, p99', unit: 'ms', read: checkout(1, 'p99 ms') },
			{ name: '20 buyers at once, p50', unit: 'ms', read: checkout(20, 'p50 ms') },
			{
				name: '20 buyers at once, p99',
				unit: 'ms',
				read: checkout(20, 'p99 ms'),
				target: { kind: 'below', value: 150 },
			},
		],
	},
	{
		title: 'Pay on the test gateway → game server running (20 buyers, simulated panel delays 0)',
		specs: [
			{ name: 'p50', unit: 'ms', read: gameServer('p50 ms') },
			{ name: 'p99', unit: 'ms', read: gameServer('p99 ms') },
		],
	},
	{
		title:
			'Pay on the test gateway → VPS running with its address (20 buyers, hypervisor delays 0)',
		specs: [
			{ name: 'p50', unit: 'ms', read: (run) => numberIn(run.vps, 'p50 ms') },
			{ name: 'p99', unit: 'ms', read: (run) => numberIn(run.vps, 'p99 ms') },
		],
	},
	{
		title:
			'Sign-in flood: GET /api/panel/dashboard alone and while 40 clients sign in through /login',
		specs: [
			{ name: 'panel read alone, p50', unit: 'ms', read: flood(false, 'p50 ms') },
			{ name: 'panel read alone, p99', unit: 'ms', read: flood(false, 'p99 ms') },
			{ name: 'panel read during the flood, p50', unit: 'ms', read: flood(true, 'p50 ms') },
			{ name: 'panel read during the flood, p99', unit: 'ms', read: flood(true, 'p99 ms') },
			{ name: 'sign-ins during the reads', unit: '/s', read: flood(true, 'sign-ins/s') },
			...(['p50', 'p99'] as const).map((p) => ({
				name: `slowdown of the read, ${p}`,
				unit: '×' as const,
				read: slowdown(`${p} ms`),
				target: { kind: 'atMost' as const, value: 2 },
			})),
		],
	},
	{
		title: 'Billing run over 10,000 services, 1,000 due (renewal invoices and their mails)',
		specs: [
			{
				name: 'first run, wall time',
				unit: 's',
				read: billing(true, 'wall s'),
				target: { kind: 'below', value: 5 },
			},
			{
				name: 'first run, requests per service',
				unit: '',
				read: billing(true, 'requests per service'),
			},
			{ name: 'second run (nothing due), wall time', unit: 's', read: billing(false, 'wall s') },
		],
	},
];

/** Every figure table, each figure with the value each engine that ran gave it. */
export function engineTables(runs: Partial<Record<EngineName, EngineRun>>): FigureTable[] {
	return TABLES.map(({ title, specs }) => ({
		title,
		figures: specs.map(({ name, unit, read, target }) => ({
			name,
			unit,
			...(target ? { target } : {}),
			values: Object.fromEntries(
				Object.entries(runs).map(([engine, run]) => [engine, run ? read(run) : undefined]),
			),
		})),
	}));
}
