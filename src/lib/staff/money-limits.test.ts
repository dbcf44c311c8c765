import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currencies } from '../domain/currency';
import { approvalAbove, creditMax, needsSecondApproval } from './money-limits';

describe('staff money limits', () => {
	it('every currency has an approval limit below its credit cap, both whole major units', () => {
		for (const currency of currencies) {
			expect(approvalAbove(currency)).toBeGreaterThan(0);
			expect(creditMax(currency)).toBeGreaterThan(approvalAbove(currency));
			expect(approvalAbove(currency) % 100).toBe(0);
			expect(creditMax(currency) % 100).toBe(0);
		}
	});

	it('asks a second member of staff only above the limit: at it, the write goes ahead', () => {
		expect(needsSecondApproval(100_00, 'EUR')).toBe(false);
		expect(needsSecondApproval(100_01, 'EUR')).toBe(true);
		expect(needsSecondApproval(1_000_00, 'NOK')).toBe(false);
		expect(needsSecondApproval(1_000_01, 'DKK')).toBe(true);
		expect(creditMax('EUR')).toBe(10_000_00);
	});
});

describe('docs/staff.md', () => {
	it('states the limits as policy.ts has them, for every currency', () => {
		const doc = readFileSync('docs/staff.md', 'utf8');
		const major = (minor: number) =>
			new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(minor / 100);
		for (const currency of currencies) {
			const row = doc.split('\n').find((line) => new RegExp(`^\\| [A-Z, ]*${currency}`).test(line));
			expect(row, currency).toBeDefined();
			const cells = row!.split('|').map((cell) => cell.trim());
			expect(cells.slice(2, 4), currency).toEqual([
				major(approvalAbove(currency)),
				major(creditMax(currency)),
			]);
		}
	});
});
