import { persistentAtom } from '@nanostores/persistent';
import { currencies, type Currency } from '../lib/catalogue';

/**
 * The currency the visitor chose; empty until they choose, so each page can fall back to its
 * locale's currency. Persisted and shared between tabs.
 */
export const $chosenCurrency = persistentAtom<Currency | ''>('frostnode:currency', '', {
	encode: (value) => value,
	decode: (raw) => (currencies.includes(raw as Currency) ? (raw as Currency) : ''),
});

export function chooseCurrency(currency: Currency): void {
	$chosenCurrency.set(currency);
}
