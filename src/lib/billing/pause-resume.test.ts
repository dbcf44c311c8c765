import { describe, expect, it } from 'vitest';
import { pauseDaysReturned } from './pause-resume';

const DAY = 86_400_000;
const startsAt = new Date('2026-11-26T10:00:00Z');
const after = (ms: number) => new Date(startsAt.getTime() + ms);
const month = { startsAt, days: 31 };

describe('pauseDaysReturned', () => {
	it('gives every day back when resumed at once, or within the first day', () => {
		expect(pauseDaysReturned(month, startsAt)).toBe(31);
		expect(pauseDaysReturned(month, after(60_000))).toBe(31);
		expect(pauseDaysReturned(month, after(DAY - 1))).toBe(31);
	});

	it('keeps only the whole days the pause ran', () => {
		expect(pauseDaysReturned(month, after(DAY))).toBe(30);
		// 10 days and 5 hours in: 10 whole days ran, 21 come back (the day under way included).
		expect(pauseDaysReturned(month, after(10 * DAY + 5 * 3_600_000))).toBe(21);
		expect(pauseDaysReturned(month, after(30 * DAY + 1))).toBe(1);
	});

	it('gives nothing back at or after its end', () => {
		expect(pauseDaysReturned(month, after(31 * DAY))).toBe(0);
		expect(pauseDaysReturned(month, after(40 * DAY))).toBe(0);
	});

	it('counts a time before the start as not run', () => {
		expect(pauseDaysReturned(month, after(-5 * DAY))).toBe(31);
	});

	it('refuses a pause of no whole days and dates that are not dates', () => {
		for (const days of [0, -1, 1.5, Number.NaN])
			expect(() => pauseDaysReturned({ startsAt, days }, startsAt)).toThrow(
				expect.objectContaining({ code: 'invalid_days' }),
			);
		expect(() => pauseDaysReturned({ startsAt, days: 0 }, startsAt)).toThrow(
			'invalid_days: 0 days',
		);
		expect(pauseDaysReturned({ startsAt, days: 1 }, startsAt)).toBe(1);
		const invalid = new Date('not a date');
		expect(() => pauseDaysReturned({ startsAt: invalid, days: 1 }, startsAt)).toThrow(
			expect.objectContaining({ code: 'invalid_date' }),
		);
		expect(() => pauseDaysReturned(month, invalid)).toThrow(
			expect.objectContaining({ code: 'invalid_date' }),
		);
		expect(() => pauseDaysReturned(month, invalid)).toThrow(/^invalid_date: .+ to Invalid Date$/);
	});
});
