import { describe, expect, it } from 'vitest';
import { addCycle, addDays, daysBetween } from './dates';
import type { BillingErrorCode } from './errors';

const refused = (code: BillingErrorCode) => expect.objectContaining({ name: 'BillingError', code });

describe('addCycle keeps the anchor day', () => {
	it('goes Jan 31 → Feb 28 → Mar 31 → Apr 30 monthly', () => {
		expect(addCycle('2027-01-31', 1, 31)).toBe('2027-02-28');
		expect(addCycle('2027-02-28', 1, 31)).toBe('2027-03-31');
		expect(addCycle('2027-03-31', 1, 31)).toBe('2027-04-30');
		expect(addCycle('2027-04-30', 1, 31)).toBe('2027-05-31');
	});

	it.each([
		['2028 is a leap year', '2028-01-31', '2028-02-29'],
		['2100 is not (divisible by 100)', '2100-01-31', '2100-02-28'],
		['2000 is (divisible by 400)', '2000-01-31', '2000-02-29'],
		['2027 is not', '2027-01-30', '2027-02-28'],
	])('%s', (_, from, due) => {
		expect(addCycle(from, 1, 31)).toBe(due);
	});

	it('an anchor on the 29th or 30th comes back after February', () => {
		expect(addCycle('2027-02-28', 1, 29)).toBe('2027-03-29');
		expect(addCycle('2028-01-30', 1, 30)).toBe('2028-02-29');
		expect(addCycle('2028-02-29', 1, 30)).toBe('2028-03-30');
	});

	it.each([
		['quarterly', '2027-11-30', 3, 30, '2028-02-29'],
		['quarterly into a year end', '2027-10-31', 3, 31, '2028-01-31'],
		['semi-annual', '2027-08-31', 6, 31, '2028-02-29'],
		['semi-annual back to the anchor', '2028-02-29', 6, 31, '2028-08-31'],
		['annual from a leap day', '2028-02-29', 12, 29, '2029-02-28'],
		['annual back to the leap day', '2031-02-28', 12, 29, '2032-02-29'],
		['annual on the 1st', '2027-01-01', 12, 1, '2028-01-01'],
		['December to January', '2027-12-15', 1, 15, '2028-01-15'],
		['24 months', '2027-01-31', 24, 31, '2029-01-31'],
		['a year from a two-digit year', '0050-06-15', 12, 15, '0051-06-15'],
	])('%s: %s + %i months (anchor %i) = %s', (_, from, months, anchor, due) => {
		expect(addCycle(from, months, anchor)).toBe(due);
	});

	it('refuses months and anchor days it cannot honour', () => {
		expect(() => addCycle('2027-01-31', 0, 31)).toThrow(refused('invalid_months'));
		expect(() => addCycle('2027-01-31', -1, 31)).toThrow(refused('invalid_months'));
		expect(() => addCycle('2027-01-31', 1.5, 31)).toThrow(refused('invalid_months'));
		expect(() => addCycle('2027-01-31', 1, 1)).not.toThrow();
		expect(() => addCycle('2027-01-31', 1, 0)).toThrow(refused('invalid_anchor_day'));
		expect(() => addCycle('2027-01-31', 1, 32)).toThrow(refused('invalid_anchor_day'));
		expect(() => addCycle('2027-01-31', 1, 30.5)).toThrow(refused('invalid_anchor_day'));
		expect(() => addCycle('2027-02-30', 1, 30)).toThrow(refused('invalid_date'));
	});
});

describe('daysBetween and addDays count calendar days', () => {
	it.each([
		['2027-01-01', '2027-01-01', 0],
		['2027-01-31', '2027-02-28', 28],
		['2028-02-01', '2028-03-01', 29],
		['2100-02-01', '2100-03-01', 28],
		['2027-01-01', '2028-01-01', 365],
		['2028-01-01', '2029-01-01', 366],
		['2027-03-01', '2027-02-01', -28],
	])('%s to %s is %i days', (from, to, days) => {
		expect(daysBetween(from, to)).toBe(days);
		expect(addDays(from, days)).toBe(to);
	});

	it('crosses the end of a month, a leap day and a year', () => {
		expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
		expect(addDays('2027-12-25', 7)).toBe('2028-01-01');
		expect(addDays('2027-12-01', -7)).toBe('2027-11-24');
	});

	it.each([
		'2027-02-29',
		'2027-02-30',
		'2027-04-31',
		'2027-13-01',
		'2027-00-10',
		'2027-1-5',
		'2027-01-05T00:00:00Z',
		'+002027-01-05',
		' 2027-01-05',
		'',
		'tomorrow',
	])('refuses %j', (date) => {
		expect(() => daysBetween(date, '2027-01-01')).toThrow(refused('invalid_date'));
		expect(() => daysBetween('2027-01-01', date)).toThrow(refused('invalid_date'));
		expect(() => addDays(date, 1)).toThrow(refused('invalid_date'));
	});

	it('refuses a fraction of a day', () => {
		expect(() => addDays('2027-01-01', 0.5)).toThrow(refused('invalid_days'));
		expect(() => addDays('2027-01-01', Number.NaN)).toThrow(refused('invalid_days'));
	});
});
