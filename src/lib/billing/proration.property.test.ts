import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates';
import { prorate, taxOn } from './proration';

const amounts = fc.integer({ min: 0, max: 10_000_000 });
/** VAT rates with up to two decimals, 0 to 100 %. */
const percents = fc.integer({ min: 0, max: 10_000 }).map((points) => points / 100);

/** A period of 1 to 400 days and a day in it, the end included. */
const periods = fc
	.record({
		startOffset: fc.integer({ min: 0, max: 50_000 }),
		length: fc.integer({ min: 1, max: 400 }),
		fraction: fc.double({ min: 0, max: 1, noNaN: true }),
	})
	.map(({ startOffset, length, fraction }) => {
		const periodStart = addDays('1990-01-01', startOffset);
		return {
			periodStart,
			periodEnd: addDays(periodStart, length),
			on: addDays(periodStart, Math.round(fraction * length)),
		};
	});

const inputs = fc
	.tuple(amounts, amounts, periods, percents)
	.map(([oldAmount, newAmount, period, taxPercent]) => ({
		oldAmount,
		newAmount,
		taxPercent,
		...period,
	}));

describe('proration properties', () => {
	it('counts the days left inside the period', () => {
		fc.assert(
			fc.property(inputs, (input) => {
				const { daysLeft, daysInPeriod } = prorate(input);
				expect(daysInPeriod).toBe(daysBetween(input.periodStart, input.periodEnd));
				expect(daysLeft).toBe(daysBetween(input.on, input.periodEnd));
				expect(daysLeft).toBeGreaterThanOrEqual(0);
				expect(daysLeft).toBeLessThanOrEqual(daysInPeriod);
			}),
		);
	});

	it('keeps net between 0 and the difference, within half a unit of the exact share', () => {
		fc.assert(
			fc.property(inputs, (input) => {
				const { net, daysLeft, daysInPeriod } = prorate(input);
				const difference = input.newAmount - input.oldAmount;
				expect(Number.isSafeInteger(net)).toBe(true);
				expect(Math.abs(net)).toBeLessThanOrEqual(Math.abs(difference));
				expect(net * difference).toBeGreaterThanOrEqual(0);
				expect(Math.abs(net - (difference * daysLeft) / daysInPeriod)).toBeLessThanOrEqual(0.5);
			}),
		);
	});

	it('taxes the net once, and the total is net plus tax', () => {
		fc.assert(
			fc.property(inputs, (input) => {
				const { net, tax, total } = prorate(input);
				expect(tax).toBe(taxOn(net, input.taxPercent));
				expect(Math.abs(tax - (net * input.taxPercent) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
				expect(total).toBe(net + tax);
			}),
		);
	});

	it('a downgrade is the exact opposite of the upgrade it undoes', () => {
		fc.assert(
			fc.property(inputs, (input) => {
				const up = prorate(input);
				const down = prorate({ ...input, oldAmount: input.newAmount, newAmount: input.oldAmount });
				expect(down.net + up.net).toBe(0);
				expect(down.tax + up.tax).toBe(0);
				expect(down.total + up.total).toBe(0);
			}),
		);
	});
});
