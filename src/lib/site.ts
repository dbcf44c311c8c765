/** Facts about the business that pages state; one place so every language says the same. */
export const site = {
	name: 'Frostnode',
	/**
	 * The marketing promo shown in the banner: a percentage off the first invoice (the whole first
	 * billing period, extras included) with a code, as codes work (first_invoice_only).
	 */
	promo: { code: 'SP25', percent: 25 },
	/** Where servers run is no figure of this list: it is the catalogue's (src/lib/locations). */
	stats: { customers: 10_000, rating: 4.3, reviews: 119, vpsReadySeconds: 10 },
} as const;
