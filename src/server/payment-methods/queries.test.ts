import { describe, expect, it } from 'vitest';
import { isExpired } from './queries';

describe('a saved card’s expiry', () => {
	const may2027 = new Date('2027-05-31T23:59:59Z');

	it('is good through the last day of its month (UTC), and expired from the next', () => {
		expect(isExpired(5, 2027, may2027)).toBe(false);
		expect(isExpired(5, 2027, new Date('2027-06-01T00:00:00Z'))).toBe(true);
		expect(isExpired(4, 2027, may2027)).toBe(true);
	});

	it('compares the year before the month', () => {
		expect(isExpired(1, 2028, may2027)).toBe(false);
		expect(isExpired(12, 2026, may2027)).toBe(true);
	});

	it('goes by UTC, not the server’s time zone', () => {
		// 1 June 00:30 in Oslo is still 31 May in UTC.
		expect(isExpired(5, 2027, new Date('2027-06-01T00:30:00+02:00'))).toBe(false);
	});
});
