import { z } from 'zod';

/** The currencies we price and bill in; the database's `currency_code` domain allows the same. */
export const currencies = ['USD', 'EUR', 'DKK', 'NOK', 'SEK'] as const;
export type Currency = (typeof currencies)[number];

export function isCurrency(value: unknown): value is Currency {
	return (currencies as readonly unknown[]).includes(value);
}

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const currencySchema = /* @__PURE__ */ z.enum(currencies);
