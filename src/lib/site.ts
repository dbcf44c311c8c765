/** Facts about the business that pages state; one place so every language says the same. */
export const site = {
	name: 'Frostnode',
	/** The marketing promo shown in the banner: a percentage off the first month with a code. */
	promo: { code: 'SP25', percent: 25 },
	stats: { customers: 10_000, rating: 4.3, reviews: 119, locations: 7, vpsReadySeconds: 10 },
	/** The locations the marketing names; the other five are not named publicly. */
	namedLocations: ['Oslo', 'Frankfurt'],
	/** Brand names as they are everywhere, and cards, which each language names itself. */
	paymentMethods: ['card', 'PayPal', 'MobilePay', 'Vipps'],
} as const;
