import { atom } from 'nanostores';
import { readSessionCookie } from '../lib/auth/session-cookie';
import { billingDraft } from './billing-address';

/** The country whose VAT the cart shows; `pending` while a signed-in customer's is asked for. */
export interface CartCountry {
	country: string;
	pending: boolean;
}

export const $cartCountry = atom<CartCountry>({ country: '', pending: true });

const countryCode = /^[A-Z]{2}$/;

/** The signed-in customer's saved billing country (`GET /api/panel/billing-country`), or null. */
async function savedCountry(fetcher: typeof fetch): Promise<string | null> {
	try {
		const response = await fetcher('/api/panel/billing-country', {
			headers: { Accept: 'application/json' },
		});
		if (!response.ok) return null;
		const { country } = (await response.json()) as { country?: unknown };
		return typeof country === 'string' && countryCode.test(country) ? country : null;
	} catch {
		return null;
	}
}

/**
 * The country the checkout will charge VAT for, so the cart shows the same rate: for a signed-in
 * customer the country they last typed at the checkout, else their profile's billing country; for
 * a visitor, or when neither is known, the page language's default (`fallback`). The page is
 * static, so who is signed in comes from the session cookies and the profile from the API.
 */
export async function loadCartCountry(
	fallback: string,
	{ cookie = document.cookie, fetcher = fetch }: { cookie?: string; fetcher?: typeof fetch } = {},
): Promise<void> {
	const user = readSessionCookie(cookie)?.user;
	if (!user) return $cartCountry.set({ country: fallback, pending: false });
	const none = { name: '', address: '', postcode: '', city: '', country: '' };
	const typed = billingDraft('checkout').restore(user.id, none).country;
	if (countryCode.test(typed)) return $cartCountry.set({ country: typed, pending: false });
	$cartCountry.set({ country: fallback, pending: true });
	$cartCountry.set({ country: (await savedCountry(fetcher)) ?? fallback, pending: false });
}
