import { describe, expect, it } from 'vitest';
import { comparisonRows, formatValue, meets } from './engine-table.ts';

describe('the engine comparison table', () => {
	it('holds a strict target strictly and an inclusive one inclusively', () => {
		expect(meets(149.9, { kind: 'below', value: 150 })).toBe(true);
		expect(meets(150, { kind: 'below', value: 150 })).toBe(false);
		expect(meets(2, { kind: 'atMost', value: 2 })).toBe(true);
		expect(meets(2.01, { kind: 'atMost', value: 2 })).toBe(false);
	});

	it('writes each unit its own way and a missing value as a dash', () => {
		expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
		expect(formatValue(4.5, 's')).toBe('4.50 s');
		expect(formatValue(1.234, '×')).toBe('1.23×');
		expect(formatValue(31.26, '/s')).toBe('31.3 /s');
		expect(formatValue(3.04, '')).toBe('3.0');
		expect(formatValue(undefined, 'ms')).toBe('—');
		expect(formatValue(Number.NaN, 'ms')).toBe('—');
	});

	it('shows both engines side by side and judges PostgreSQL alone against the target', () => {
		const target = { kind: 'below', value: 150 } as const;
		const rows = comparisonRows([
			{ name: 'met', unit: 'ms', values: { PGlite: 400, PostgreSQL: 120 }, target },
			{ name: 'missed', unit: 'ms', values: { PGlite: 100, PostgreSQL: 150 }, target },
			{ name: 'failed', unit: 'ms', values: { PGlite: 100 }, target },
			{ name: 'no target', unit: 's', values: { PGlite: 1, PostgreSQL: 2 } },
		]);
		expect(rows).toEqual([
			{
				measure: 'met',
				PGlite: '400.0 ms',
				PostgreSQL: '120.0 ms',
				'PostgreSQL target': '< 150 ms',
				'target is': 'met',
			},
			{
				measure: 'missed',
				PGlite: '100.0 ms',
				PostgreSQL: '150.0 ms',
				'PostgreSQL target': '< 150 ms',
				'target is': 'MISSED',
			},
			{
				measure: 'failed',
				PGlite: '100.0 ms',
				PostgreSQL: '—',
				'PostgreSQL target': '< 150 ms',
				'target is': 'not measured',
			},
			{
				measure: 'no target',
				PGlite: '1.00 s',
				PostgreSQL: '2.00 s',
				'PostgreSQL target': '',
				'target is': '',
			},
		]);
	});
});
