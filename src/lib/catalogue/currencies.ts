/** The currencies we price and bill in (kept apart from the schema so browsers skip the validator). */
export const currencies = ['USD', 'EUR', 'DKK', 'NOK', 'SEK'] as const;
export type Currency = (typeof currencies)[number];

export function isCurrency(value: unknown): value is Currency {
	return (currencies as readonly unknown[]).includes(value);
}
