import type { AdminClient } from '../../supabase/admin-client';

/**
 * Who the customer is: their profile row, and their account (e-mail, sign-ins, factors) as the
 * product reads it, through the auth admin API.
 */

export interface CustomerProfile {
	id: string;
	email: string;
	firstName: string;
	lastName: string;
	country: string | null;
	locale: string;
	currency: string;
	company: string;
	vatNumber: string;
	address: string;
	postalCode: string;
	city: string;
	createdAt: string;
	lastSignInAt: string | null;
	/** A verified authenticator app (two-factor sign-in on). */
	twoFactor: boolean;
}

/** The customer's auth account, or null when there is none (a 404 is no error here). */
async function accountOf(admin: AdminClient, id: string) {
	const { data, error } = await admin.auth.admin.getUserById(id);
	if (error) {
		if (error.status === 404 || /not found/i.test(error.message)) return null;
		throw new Error(`auth user: ${error.message}`);
	}
	return data.user;
}

/** The customer's profile, or null unless both the account and the profile row exist. */
export async function profileOf(
	admin: AdminClient,
	customerId: string,
): Promise<CustomerProfile | null> {
	const [account, { data: profile, error: profileError }] = await Promise.all([
		accountOf(admin, customerId),
		admin
			.from('profiles')
			.select(
				'id, first_name, last_name, country, preferred_locale, preferred_currency, company, vat_number, address, postal_code, city, created_at',
			)
			.eq('id', customerId)
			.maybeSingle(),
	]);
	if (profileError) throw new Error(`profiles: ${profileError.message}`);
	if (!account || !profile) return null;
	return {
		id: profile.id,
		email: account.email ?? '',
		firstName: profile.first_name,
		lastName: profile.last_name,
		country: profile.country,
		locale: profile.preferred_locale,
		currency: profile.preferred_currency,
		company: profile.company,
		vatNumber: profile.vat_number,
		address: profile.address,
		postalCode: profile.postal_code,
		city: profile.city,
		createdAt: account.created_at,
		lastSignInAt: account.last_sign_in_at ?? null,
		twoFactor: (account.factors ?? []).some((factor) => factor.status === 'verified'),
	};
}
