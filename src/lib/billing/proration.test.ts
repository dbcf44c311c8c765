import { describe, expect, it } from 'vitest';
import type { BillingErrorCode } from './errors';
import { prorate, taxOn, type ProrationInput } from './proration';

const refused = (code: BillingErrorCode) => expect.objectContaining({ name: 'BillingError', code });

/** A 30-day period, 2026-11-01 to 2026-12-01, at the help article's prices. */
const upgrade: ProrationInput = {
	oldAmount: 800,
	newAmount: 1200,
	periodStart: '2026-11-01',
	periodEnd: '2026-12-01',
	on: '2026-11-19',
	taxPercent: 19,
};

describe('prorate', () => {
	it("works the help article's example: 8.00 → 12.00 EUR, 12 of 30 days left, 19 % VAT", () => {
		// 400 × 12 ÷ 30 = 160; 160 × 19 % = 30.4 → 30.
		expect(prorate(upgrade)).toEqual({
			daysLeft: 12,
			daysInPeriod: 30,
			net: 160,
			tax: 30,
			total: 190,
		});
	});

	it('gives a downgrade the exact opposite, a credit', () => {
		expect(prorate({ ...upgrade, oldAmount: 1200, newAmount: 800 })).toEqual({
			daysLeft: 12,
			daysInPeriod: 30,
			net: -160,
			tax: -30,
			total: -190,
		});
	});

	it('counts the days of the period the anchor gave: Jan 31 to Feb 28 is 28 days', () => {
		// 1000 × 14 ÷ 28 = 500; 25 % = 125.
		expect(
			prorate({
				oldAmount: 1000,
				newAmount: 2000,
				periodStart: '2027-01-31',
				periodEnd: '2027-02-28',
				on: '2027-02-14',
				taxPercent: 25,
			}),
		).toEqual({ daysLeft: 14, daysInPeriod: 28, net: 500, tax: 125, total: 625 });
	});

	it('spreads a quarterly difference over the quarter, rounding net and tax once each', () => {
		// Nov 30 → Feb 29 is 91 days, 45 left from Jan 15: 360 × 45 ÷ 91 = 178.02 → 178;
		// 178 × 25 % = 44.5 → 45.
		expect(
			prorate({
				oldAmount: 2700,
				newAmount: 3060,
				periodStart: '2027-11-30',
				periodEnd: '2028-02-29',
				on: '2028-01-15',
				taxPercent: 25,
			}),
		).toEqual({ daysLeft: 45, daysInPeriod: 91, net: 178, tax: 45, total: 223 });
	});

	it.each([
		// [old, new, days left of 30, net, tax at 25 %]
		[1000, 1025, 3, 3, 1], // 2.5 → 3; 0.75 → 1
		[1025, 1000, 3, -3, -1], // −2.5 → −3; −0.75 → −1
		[1000, 1001, 15, 1, 0], // 0.5 → 1; 0.25 → 0
		[1001, 1000, 15, -1, 0], // −0.5 → −1; −0.25 → 0
		[0, 4, 15, 2, 1], // 2; 0.5 → 1
		[4, 0, 15, -2, -1], // −2; −0.5 → −1
		[1000, 1000, 15, 0, 0],
		[1030, 1000, 1, -1, 0], // −1; −0.25 → 0, never −0
		[1001, 1000, 1, 0, 0], // −1/30 → 0, never −0
	])(
		'%i → %i with %i of 30 days left: net %i, tax %i (halves away from zero)',
		(oldAmount, newAmount, daysLeft, net, tax) => {
			const on = `2026-11-${String(31 - daysLeft).padStart(2, '0')}`;
			expect(prorate({ ...upgrade, oldAmount, newAmount, on, taxPercent: 25 })).toEqual({
				daysLeft,
				daysInPeriod: 30,
				net,
				tax,
				total: net + tax,
			});
		},
	);

	it('charges the whole difference on the first day and nothing on the due date', () => {
		expect(prorate({ ...upgrade, on: '2026-11-01' })).toMatchObject({ daysLeft: 30, net: 400 });
		expect(prorate({ ...upgrade, on: '2026-12-01' })).toMatchObject({ daysLeft: 0, net: 0 });
		expect(
			prorate({ ...upgrade, oldAmount: 0, periodEnd: '2026-11-02', on: '2026-11-01' }),
		).toMatchObject({ daysLeft: 1, daysInPeriod: 1, net: 1200 });
	});

	it.each<[string, Partial<ProrationInput>, BillingErrorCode]>([
		['a change before the period', { on: '2026-10-31' }, 'outside_period'],
		['a change after it', { on: '2026-12-02' }, 'outside_period'],
		['an empty period', { periodEnd: '2026-11-01', on: '2026-11-01' }, 'invalid_period'],
		['a period ending before it starts', { periodEnd: '2026-10-01' }, 'invalid_period'],
		['a fractional old amount', { oldAmount: 800.5 }, 'invalid_amount'],
		['a fractional new amount', { newAmount: 1200.5 }, 'invalid_amount'],
		['a negative old amount', { oldAmount: -1 }, 'invalid_amount'],
		['a negative new amount', { newAmount: -1 }, 'invalid_amount'],
		['an amount that is not a number', { newAmount: Number.NaN }, 'invalid_amount'],
		['an unsafe amount', { newAmount: 2 ** 53 }, 'invalid_amount'],
		['a tax rate with three decimals', { taxPercent: 19.125 }, 'invalid_percent'],
		['a tax rate above 100', { taxPercent: 101 }, 'invalid_percent'],
		['a negative tax rate', { taxPercent: -1 }, 'invalid_percent'],
		['a date that does not exist', { on: '2026-11-31' }, 'invalid_date'],
	])('refuses %s', (_, change, code) => {
		expect(() => prorate({ ...upgrade, ...change })).toThrow(refused(code));
	});

	it('says in its message which dates it refused', () => {
		expect(() => prorate({ ...upgrade, on: '2026-12-02' })).toThrow(
			'outside_period: 2026-12-02 is not in 2026-11-01 to 2026-12-01',
		);
		expect(() => prorate({ ...upgrade, periodEnd: '2026-10-01' })).toThrow(
			'invalid_period: 2026-11-01 to 2026-10-01',
		);
	});

	it('accepts free plans and a zero tax rate', () => {
		expect(prorate({ ...upgrade, oldAmount: 0, newAmount: 0, taxPercent: 0 }).total).toBe(0);
	});
});

describe('taxOn', () => {
	it.each([
		[160, 19, 30], // 30.4
		[178, 25, 45], // 44.5
		[-178, 25, -45], // −44.5
		[100, 25.5, 26], // 25.5, Finland's rate
		[-100, 25.5, -26],
		[2500, 1.14, 29], // 28.5 exactly; 2500 * 1.14 / 100 in floats is 28.499999999999996
		[0, 25, 0],
		[-1, 25, 0], // −0.25 rounds to 0, not −0
	])('%i at %d %% is %i', (net, percent, tax) => {
		expect(taxOn(net, percent)).toBe(tax);
	});

	it('refuses a fractional net amount or a rate it cannot apply exactly', () => {
		expect(() => taxOn(10.5, 25)).toThrow(refused('invalid_amount'));
		expect(() => taxOn(100, 12.345)).toThrow(refused('invalid_percent'));
	});
});
