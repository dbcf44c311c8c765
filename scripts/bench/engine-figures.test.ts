import { describe, expect, it } from 'vitest';
import { engineTables } from './engine-figures.ts';
import type { EngineRun } from './engine-readers.ts';

// The comparison reads each figure from the row the bench names it in, not from a row's position.

const run = (scale: number): EngineRun => ({
	checkout: {
		rows: [
			{
				scenario: 'POST /api/checkout',
				concurrency: 20,
				'p50 ms': 80 * scale,
				'p99 ms': 140 * scale,
			},
			{
				scenario: 'POST /api/checkout',
				concurrency: 1,
				'p50 ms': 30 * scale,
				'p99 ms': 40 * scale,
			},
			{
				scenario: 'Pay on the test gateway → server running',
				concurrency: 20,
				'p50 ms': 500,
				'p99 ms': 900,
			},
		],
		codeUses: '5 of 20',
	},
	vps: { scenario: 'Pay → VPS running', 'p50 ms': 700, 'p99 ms': 1100 },
	signInFlood: [
		{ scenario: 'panel read alone', 'p50 ms': 10, 'p99 ms': 20 },
		{
			scenario: 'panel read while 40 clients sign in',
			'p50 ms': 15,
			'p99 ms': 20 * 2 * scale,
			'sign-ins/s': 30,
		},
		{ scenario: 'slowdown (≤ 2× is the bar)', 'p50 ms': '1.5×', 'p99 ms': '2.0×' },
	],
	billing: [
		{ run: 'first', 'wall s': 4 * scale, 'requests per service': 3 },
		{ run: 'second', 'wall s': 0.5 },
	],
});

const figure = (tables: ReturnType<typeof engineTables>, title: string, name: string) =>
	tables.find((table) => table.title.startsWith(title))?.figures.find((f) => f.name === name);

describe('the engine comparison figures', () => {
	const tables = engineTables({ PGlite: run(2), PostgreSQL: run(1) });

	it('takes each figure from its scenario and concurrency', () => {
		expect(figure(tables, 'Checkout', '1 buyer, p99')?.values).toEqual({
			PGlite: 80,
			PostgreSQL: 40,
		});
		expect(figure(tables, 'Checkout', '20 buyers at once, p99')?.values).toEqual({
			PGlite: 280,
			PostgreSQL: 140,
		});
		expect(figure(tables, 'Pay on the test gateway → game', 'p99')?.values.PostgreSQL).toBe(900);
		expect(figure(tables, 'Pay on the test gateway → VPS', 'p50')?.values.PostgreSQL).toBe(700);
		expect(figure(tables, 'Billing', 'first run, wall time')?.values).toEqual({
			PGlite: 8,
			PostgreSQL: 4,
		});
		expect(figure(tables, 'Billing', 'second run (nothing due), wall time')?.values.PGlite).toBe(
			0.5,
		);
	});

	it("works the flood's slowdown out from the two reads' times", () => {
		expect(figure(tables, 'Sign-in flood', 'slowdown of the read, p50')?.values.PostgreSQL).toBe(
			1.5,
		);
		expect(figure(tables, 'Sign-in flood', 'slowdown of the read, p99')?.values).toEqual({
			PGlite: 4,
			PostgreSQL: 2,
		});
	});

	it('holds PostgreSQL to the three bars of issue 45', () => {
		const targets = tables.flatMap((table) =>
			table.figures.filter((f) => f.target).map((f) => [f.name, f.target]),
		);
		expect(targets).toEqual([
			['20 buyers at once, p99', { kind: 'below', value: 150 }],
			['slowdown of the read, p50', { kind: 'atMost', value: 2 }],
			['slowdown of the read, p99', { kind: 'atMost', value: 2 }],
			['first run, wall time', { kind: 'below', value: 5 }],
		]);
	});

	it('leaves a figure empty for an engine whose bench failed', () => {
		const partial = engineTables({ PGlite: run(1), PostgreSQL: { checkout: run(1).checkout } });
		expect(figure(partial, 'Billing', 'first run, wall time')?.values).toEqual({
			PGlite: 4,
			PostgreSQL: undefined,
		});
		expect(figure(partial, 'Checkout', '1 buyer, p50')?.values.PostgreSQL).toBe(30);
	});
});
