import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, type Currency } from '../catalogue';
import type { BillingErrorCode } from './errors';
import { lateFee, lateFeeDays, pauseFee } from './fees';
import { SUSPEND_AFTER_DAYS } from './schedule';

const refused = (code: BillingErrorCode) => expect.objectContaining({ name: 'BillingError', code });

describe('lateFee', () => {
	it.each<[Currency, number, number]>([
		['DKK', 1, 1000],
		['NOK', 1, 1000],
		['SEK', 1, 1000],
		['EUR', 1, 100],
		['USD', 1, 100],
		['DKK', 3, 3000],
		['SEK', 2, 2000],
		['USD', 3, 300],
		// Suspension on day 3 stops the fee: 3 days' fee at most, however late.
		['NOK', 4, 3000],
		['NOK', 14, 3000],
		['EUR', 13, 300],
		['USD', 365, 300],
	])('%s, %i days overdue: %i', (currency, days, fee) => {
		expect(lateFee(currency, days)).toBe(fee);
	});

	it('is nothing on or before the due date', () => {
		for (const currency of currencies) {
			expect(lateFee(currency, 0)).toBe(0);
			expect(lateFee(currency, -7)).toBe(0);
		}
	});

	it('refuses a fraction of a day and a currency we do not bill in', () => {
		expect(() => lateFee('EUR', 1.5)).toThrow(refused('invalid_days'));
		expect(() => lateFee('EUR', Number.NaN)).toThrow(refused('invalid_days'));
		expect(() => lateFee('GBP' as Currency, 1)).toThrow(refused('unknown_currency'));
		expect(() => lateFee('toString' as Currency, 1)).toThrow(refused('unknown_currency'));
	});

	it('grows by one day’s fee a day until the service is suspended, then stays', () => {
		fc.assert(
			fc.property(fc.constantFrom(...currencies), fc.integer({ min: 0, max: 365 }), (c, days) => {
				const growth = lateFee(c, days + 1) - lateFee(c, days);
				expect(growth).toBe(days < SUSPEND_AFTER_DAYS ? lateFee(c, 1) : 0);
				expect(lateFee(c, days)).toBeLessThanOrEqual(SUSPEND_AFTER_DAYS * lateFee(c, 1));
			}),
		);
	});
});

describe('lateFeeDays', () => {
	it('counts the days overdue up to the suspension day, none before the due date', () => {
		expect([-7, 0, 1, 2, 3, 4, 14].map(lateFeeDays)).toEqual([0, 0, 1, 2, 3, 3, 3]);
		expect(SUSPEND_AFTER_DAYS).toBe(3);
	});

	it('refuses a fraction of a day', () => {
		expect(() => lateFeeDays(2.5)).toThrow(refused('invalid_days'));
	});
});

describe('pauseFee', () => {
	it.each<[Currency, number, number]>([
		['DKK', 1, 1000],
		['NOK', 2, 2000],
		['SEK', 3, 3000],
		['EUR', 1, 100],
		['EUR', 3, 300],
		['USD', 2, 200],
	])('%s for %i months: %i', (currency, months, fee) => {
		expect(pauseFee(currency, months)).toBe(fee);
	});

	it('costs as much a month as a day late', () => {
		for (const currency of currencies) expect(pauseFee(currency, 1)).toBe(lateFee(currency, 1));
	});

	it.each([0, 4, -1, 1.5, Number.NaN])('refuses %d months', (months) => {
		expect(() => pauseFee('NOK', months)).toThrow(refused('invalid_pause'));
	});

	it('refuses a currency we do not bill in', () => {
		expect(() => pauseFee('GBP' as Currency, 1)).toThrow(refused('unknown_currency'));
	});

	it('names what it refused, for the log', () => {
		expect(() => pauseFee('EUR', 6)).toThrow(
			expect.objectContaining({ name: 'BillingError', message: 'invalid_pause: 6 months' }),
		);
	});
});
