import { describe, expect, it } from 'vitest';
import { isRedeemable, type DiscountCodeRow } from './queries';

const code: DiscountCodeRow = {
	code: 'WINTER',
	percent: 10,
	valid_from: '2026-11-01T00:00:00Z',
	valid_until: '2026-12-01T00:00:00Z',
	max_uses: 2,
	uses: 1,
	first_invoice_only: true,
	created_at: '2026-11-01T00:00:00Z',
};

describe('whether a code can be used', () => {
	it('is inside its window and under its limit', () => {
		expect(isRedeemable(code, new Date('2026-11-15T00:00:00Z'))).toBe(true);
	});

	it('is not before it starts, from the moment it ends, or once used up', () => {
		expect(isRedeemable(code, new Date('2026-10-31T23:59:59Z'))).toBe(false);
		expect(isRedeemable(code, new Date('2026-12-01T00:00:00Z'))).toBe(false);
		expect(isRedeemable({ ...code, uses: 2 }, new Date('2026-11-15T00:00:00Z'))).toBe(false);
	});

	it('has no end or limit when none is set', () => {
		const open = { ...code, valid_until: null, max_uses: null, uses: 9999 };
		expect(isRedeemable(open, new Date('2099-01-01T00:00:00Z'))).toBe(true);
	});
});
