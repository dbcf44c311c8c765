import { describe, expect, it } from 'vitest';
import { formatMonth, formatPercent, tierText } from './format';

const strings: Record<string, string> = {
	'affiliate.tier.first': '{percent} from your first paying customer',
	'affiliate.tier.from': '{percent} from {count} paying customers',
};
const t = (key: string) => strings[key] ?? key;

describe('the affiliate page’s formats', () => {
	it('writes a rate as the reader does', () => {
		expect(formatPercent(5, 'en-US')).toBe('5%');
		expect(formatPercent(15, 'de-DE')).toBe('15\u00a0%');
		expect(formatPercent(12.5, 'nb-NO')).toBe('12,5\u00a0%');
	});

	it('names an invoice month in the reader’s language, whatever their time zone', () => {
		expect(formatMonth('2026-11-01', 'en-US')).toBe('November 2026');
		expect(formatMonth('2026-01-01', 'de-DE')).toBe('Januar 2026');
		expect(formatMonth('not a date', 'en-US')).toBe('not a date');
	});

	it('says what each tier pays, the first from the first paying customer', () => {
		expect(tierText({ percent: 5, minCustomers: 1 }, t, 'en-US')).toBe(
			'5% from your first paying customer',
		);
		expect(tierText({ percent: 10, minCustomers: 10 }, t, 'en-US')).toBe(
			'10% from 10 paying customers',
		);
	});
});
