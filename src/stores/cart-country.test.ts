import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingDraft } from './billing-address';
import { $cartCountry, loadCartCountry } from './cart-country';

// The country whose VAT the cart shows: the one the checkout will charge.

const cookie = (id: string) =>
	'sb-127-auth-token=base64-' +
	Buffer.from(
		JSON.stringify({ access_token: 't', expires_at: 1, user: { id, email: 'k@example.com' } }),
	).toString('base64url');

/** A fetch that answers `body` with `status` and remembers what was asked. */
function answering(status: number, body: unknown) {
	const asked: string[] = [];
	const fetcher = ((url: string) => {
		asked.push(url);
		return Promise.resolve(new Response(JSON.stringify(body), { status }));
	}) as typeof fetch;
	return { asked, fetcher };
}

beforeAll(() => useTestStorageEngine());
afterEach(() => {
	cleanTestStorage();
	cleanStores($cartCountry, billingDraft('checkout').store);
});

describe('the cart’s VAT country', () => {
	it('is the language’s default for a visitor, without asking the server', async () => {
		const { asked, fetcher } = answering(200, { country: 'DE' });
		await loadCartCountry('NO', { cookie: 'locale=en', fetcher });
		expect($cartCountry.get()).toEqual({ country: 'NO', pending: false });
		expect(asked).toEqual([]);
	});

	it('is the saved billing country of a signed-in customer', async () => {
		const { asked, fetcher } = answering(200, { country: 'DE' });
		const loading = loadCartCountry('NO', { cookie: cookie('u1'), fetcher });
		// No figure for the wrong country while the answer is on its way.
		expect($cartCountry.get().pending).toBe(true);
		await loading;
		expect($cartCountry.get()).toEqual({ country: 'DE', pending: false });
		expect(asked).toEqual(['/api/panel/billing-country']);
	});

	it('is the country they last typed at checkout, as the checkout will use it', async () => {
		const typed = { name: 'Kunde', address: 'Gate 1', postcode: '1', city: 'By', country: 'SE' };
		billingDraft('checkout').save('u1', typed);
		const { asked, fetcher } = answering(200, { country: 'DE' });
		await loadCartCountry('NO', { cookie: cookie('u1'), fetcher });
		expect($cartCountry.get()).toEqual({ country: 'SE', pending: false });
		expect(asked).toEqual([]);
		// Another customer on the same browser: their own profile's.
		await loadCartCountry('NO', { cookie: cookie('u2'), fetcher });
		expect($cartCountry.get().country).toBe('DE');
	});

	it.each([
		['none saved', 200, { country: null }],
		['a session that ran out', 401, { error: { code: 'unauthenticated' } }],
		['an answer it cannot read', 200, { country: 'Germany' }],
		['a server that fails', 500, {}],
	])('falls back to the language’s default with %s', async (_, status, body) => {
		await loadCartCountry('DK', { cookie: cookie('u1'), fetcher: answering(status, body).fetcher });
		expect($cartCountry.get()).toEqual({ country: 'DK', pending: false });
	});

	it('falls back when the server cannot be reached', async () => {
		const fetcher = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
		await loadCartCountry('DK', { cookie: cookie('u1'), fetcher });
		expect($cartCountry.get()).toEqual({ country: 'DK', pending: false });
	});
});
