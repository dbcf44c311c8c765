/**
 * The customer's own profile as the profile form edits it: the columns of `profiles` a customer
 * may change. The form (src/components/panel/account) and the save (src/server/account) share it.
 */
export interface ProfileFields {
	first_name: string;
	last_name: string;
	address: string;
	postal_code: string;
	city: string;
	country: string | null;
	company: string;
	vat_number: string;
	preferred_locale: string;
	preferred_currency: string;
}
