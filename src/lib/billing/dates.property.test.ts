import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCycle, addDays, daysBetween } from './dates';

/** An oracle written apart from the code: the Gregorian rule and the month lengths by hand. */
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthLength = (year: number, month: number) =>
	month === 2 && isLeap(year) ? 29 : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

const split = (date: string) => date.split('-').map(Number) as [number, number, number];

const dates = fc
	.date({ min: new Date('1900-01-01'), max: new Date('2400-12-31'), noInvalidDate: true })
	.map((date) => date.toISOString().slice(0, 10));
const cycles = fc.constantFrom(1, 3, 6, 12);
const anchors = fc.integer({ min: 1, max: 31 });

describe('date properties', () => {
	it('addCycle moves exactly `months` months and lands on the anchor or the month end', () => {
		fc.assert(
			fc.property(dates, fc.integer({ min: 1, max: 60 }), anchors, (date, months, anchor) => {
				const [y, m] = split(date);
				const [year, month, day] = split(addCycle(date, months, anchor));
				expect(year * 12 + month).toBe(y * 12 + m + months);
				expect(day).toBe(Math.min(anchor, monthLength(year, month)));
			}),
		);
	});

	it('repeated cycles from an anchor equal one cycle of the summed months', () => {
		fc.assert(
			fc.property(
				dates,
				fc.array(cycles, { minLength: 1, maxLength: 8 }),
				anchors,
				(start, steps, anchor) => {
					const stepped = steps.reduce((date, months) => addCycle(date, months, anchor), start);
					const total = steps.reduce((sum, months) => sum + months, 0);
					expect(stepped).toBe(addCycle(start, total, anchor));
				},
			),
		);
	});

	it('a period is never shorter than 28 days a month nor longer than 31', () => {
		fc.assert(
			fc.property(dates, cycles, anchors, (date, months, anchor) => {
				const due = addCycle(date, months, anchor);
				const days = daysBetween(addCycle(due, 12, anchor), addCycle(due, 12 + months, anchor));
				expect(days).toBeGreaterThanOrEqual(28 * months);
				expect(days).toBeLessThanOrEqual(31 * months);
			}),
		);
	});

	it('addDays and daysBetween are inverses, and daysBetween is antisymmetric', () => {
		fc.assert(
			fc.property(dates, fc.integer({ min: -40_000, max: 40_000 }), (date, days) => {
				const later = addDays(date, days);
				expect(daysBetween(date, later)).toBe(days);
				expect(daysBetween(later, date) + days).toBe(0);
			}),
		);
	});

	it('the day after the last of a month is the 1st of the next', () => {
		fc.assert(
			fc.property(dates, (date) => {
				const [year, month] = split(date);
				const last = `${date.slice(0, 8)}${monthLength(year, month)}`;
				expect(addDays(last, 1).slice(8)).toBe('01');
			}),
		);
	});
});
