import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies } from '../catalogue';
import { addCycle } from './dates';
import { pauseFee } from './fees';
import { anchorDayOf, pauseQuote, pauseQuotes, type PauseSubject } from './pause-quote';

const eur: PauseSubject = { currency: 'EUR', dueDate: '2027-01-31', anchorDay: 31, taxRate: 25 };

describe('pauseQuotes', () => {
	it('quotes 1, 2 and 3 months: the fee, VAT on top and the due date on the anchor day', () => {
		expect(pauseQuotes(eur)).toEqual([
			{ months: 1, feePerMonth: 100, fee: 100, tax: 25, total: 125, newDueDate: '2027-02-28' },
			{ months: 2, feePerMonth: 100, fee: 200, tax: 50, total: 250, newDueDate: '2027-03-31' },
			{ months: 3, feePerMonth: 100, fee: 300, tax: 75, total: 375, newDueDate: '2027-04-30' },
		]);
	});

	it('charges kroner in kroner and rounds VAT once, half away from zero', () => {
		const [one, , three] = pauseQuotes({ ...eur, currency: 'NOK', taxRate: 25.5 });
		expect(one).toMatchObject({ feePerMonth: 1000, fee: 1000, tax: 255, total: 1255 });
		// 100 × 25.5 % = 25.5 → 26 in euro; 3000 × 25.5 % = 765 exactly in kroner.
		expect(three).toMatchObject({ fee: 3000, tax: 765, total: 3765 });
		expect(pauseQuote({ ...eur, taxRate: 25.5 }, 1)).toMatchObject({ tax: 26, total: 126 });
	});

	it('is what pauseFee and addCycle say, for every currency, length and anchor', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...currencies),
				fc.integer({ min: 1, max: 3 }),
				fc.integer({ min: 1, max: 31 }),
				fc.constantFrom(0, 19, 25),
				(currency, months, anchorDay, taxRate) => {
					const subject = { currency, dueDate: '2027-03-15', anchorDay, taxRate };
					const quote = pauseQuote(subject, months);
					expect(quote.fee).toBe(pauseFee(currency, months));
					expect(quote.fee).toBe(months * quote.feePerMonth);
					expect(quote.total).toBe(quote.fee + quote.tax);
					expect(quote.newDueDate).toBe(addCycle('2027-03-15', months, anchorDay));
				},
			),
		);
	});

	it('refuses what the pause endpoint refuses', () => {
		expect(() => pauseQuote(eur, 0)).toThrow(expect.objectContaining({ code: 'invalid_pause' }));
		expect(() => pauseQuote(eur, 4)).toThrow(expect.objectContaining({ code: 'invalid_pause' }));
		expect(() => pauseQuote({ ...eur, dueDate: '2027-02-30' }, 1)).toThrow(
			expect.objectContaining({ code: 'invalid_date' }),
		);
		expect(() => pauseQuote({ ...eur, taxRate: -1 }, 1)).toThrow(RangeError);
	});
});

describe('anchorDayOf', () => {
	it('takes the stored anchor, else the day the period started, else the due date’s day', () => {
		expect(anchorDayOf(31, '2027-01-15T10:00:00Z', '2027-02-28T10:00:00Z')).toBe(31);
		expect(anchorDayOf(null, '2027-01-15T10:00:00Z', '2027-02-15T10:00:00Z')).toBe(15);
		expect(anchorDayOf(null, null, '2027-02-28T23:30:00Z')).toBe(28);
	});
});
