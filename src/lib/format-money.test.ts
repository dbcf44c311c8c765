import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

// Intl writes a no-break space (U+00A0) or a narrow one (U+202F) between number and symbol.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
	it('writes minor units as the reader’s locale writes the currency, always with two decimals', () => {
		expect(formatMoney(800, 'EUR', 'en-GB')).toBe('€8.00');
		expect(spaced(formatMoney(800, 'EUR', 'de-DE'))).toBe('8,00 €');
		expect(spaced(formatMoney(21600, 'NOK', 'nb-NO'))).toBe('216,00 kr');
		expect(spaced(formatMoney(123456, 'DKK', 'da-DK'))).toBe('1.234,56 kr.');
	});

	it('keeps every minor unit: odd cents, negatives and large sums', () => {
		expect(formatMoney(1, 'USD', 'en-US')).toBe('$0.01');
		expect(formatMoney(-1999, 'EUR', 'en-GB')).toBe('-€19.99');
		expect(formatMoney(123456789, 'EUR', 'en-GB')).toBe('€1,234,567.89');
	});

	it('gives the same text from its cached format as from a fresh one', () => {
		const first = formatMoney(4200, 'SEK', 'sv-SE');
		expect(formatMoney(4200, 'SEK', 'sv-SE')).toBe(first);
		expect(formatMoney(4200, 'EUR', 'sv-SE')).not.toBe(first);
	});
});
