import type { Currency } from './domain/currency';

/** One amount per currency we bill in, in minor units: a currency added later must be given one. */
type PerCurrency = Readonly<Record<Currency, number>>;

/**
 * Business figures the legal pages, the terms and (later) billing state. One place, so the terms
 * in four languages and the billing run can never disagree.
 */
export const policy = {
	moneyBackDays: 7,
	vpsMoneyBackDays: 14,
	withdrawalDays: 14,
	newCustomerReturnDays: 7,
	lateFeeKroner: 10,
	lateFeeEuro: 1,
	reminderDaysBefore: 7,
	suspendAfterDays: 3,
	terminateAfterDays: 14,
	deliveryMaxDays: 30,
	termsNoticeDays: 14,
	dataRetentionYears: 3.5,
	availabilityPercent: 99.99,
	/**
	 * How long an unpaid order holds what it took (a VPS's pool addresses, a subdomain label): the
	 * life of the payment page it is sent to, Stripe Checkout's shortest. A payment after that
	 * claims them again. The database repeats it (private.unpaid_hold, migration
	 * 20261206120000_unpaid_holds); tests/integration/checkout/unpaid-holds.test.ts keeps them equal.
	 */
	unpaidHoldMinutes: 30,
	/** Unpaid VPS orders one account may hold addresses for at once (private.unpaid_vps_orders_allowed). */
	unpaidVpsOrdersPerAccount: 2,
	// The database repeats the tiers, hold and months (migration 20261126110000_affiliate_programme);
	// tests/integration/affiliate keeps them equal. minCustomers: referred customers with a paid invoice
	// that took money (20261126170000_affiliate_paid_tiers).
	affiliate: {
		tiers: [
			{ name: 'Bronze', percent: 5, minCustomers: 1 },
			{ name: 'Silver', percent: 10, minCustomers: 10 },
			{ name: 'Gold', percent: 15, minCustomers: 25 },
		],
		months: 12,
		holdDays: 30,
		payoutMinimumEuro: 25,
		payoutMinimumKroner: 250,
		cookieDays: 30,
	},
	// Staff money (issue 38, four eyes), in minor units. A credit or refund above `approvalAbove`
	// waits for a second member of staff; no single credit is ever above `creditMax`, approved or
	// not (a refund is already held to what was paid). The kroner figures are the euro ones in
	// round numbers of kroner (1 EUR is about 7.5 DKK and 11 NOK or SEK).
	staffMoney: {
		approvalAbove: {
			EUR: 100_00,
			USD: 100_00,
			DKK: 1_000_00,
			NOK: 1_000_00,
			SEK: 1_000_00,
		} satisfies PerCurrency,
		creditMax: {
			EUR: 10_000_00,
			USD: 10_000_00,
			DKK: 75_000_00,
			NOK: 100_000_00,
			SEK: 100_000_00,
		} satisfies PerCurrency,
	},
	company: {
		name: 'Frostnode AS',
		/** Street, postcode and city; the country is `country`, named in each reader's language. */
		address: 'Storgata 1, 0155 Oslo',
		/** ISO 3166-1 alpha-2. */
		country: 'NO',
		email: 'support@frostnode.example',
		orgNumber: '930 000 000',
	},
} as const;

/** The policy as MDX pages receive it: figures with a fraction formatted for the reader. */
export function policyFor(intlLocale: string) {
	const number = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 2 });
	const countryName =
		new Intl.DisplayNames(intlLocale, { type: 'region' }).of(policy.company.country) ??
		policy.company.country;
	return {
		...policy,
		dataRetentionYears: number.format(policy.dataRetentionYears),
		availability: `${number.format(policy.availabilityPercent)} %`,
		company: { ...policy.company, address: `${policy.company.address}, ${countryName}` },
	};
}
