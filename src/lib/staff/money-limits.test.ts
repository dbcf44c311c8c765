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
