import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateView } from '../lib/panel/affiliate';
import {
	$affiliate,
	$affiliateBusy,
	$affiliateNotice,
	join,
	loadAffiliate,
	payoutCurrencies,
	referralLinks,
	requestPayout,
	shownBalances,
} from './affiliate';

const tiers = [
	{ percent: 5, minCustomers: 1 },
	{ percent: 10, minCustomers: 10 },
	{ percent: 15, minCustomers: 25 },
];
const outside: AffiliateView = { joined: false, tiers, holdDays: 30 };
const member: AffiliateView = {
	joined: true,
	code: 'AB12CD34',
	joinedAt: '2026-10-01T09:00:00.000Z',
	visits: 12,
	signUps: 3,
	payingCustomers: 1,
	tiers,
	holdDays: 30,
	balances: [
		{ currency: 'EUR', pending: 120, available: 3000, paidOut: 0, minimumPayout: 2500 },
		{ currency: 'NOK', pending: 0, available: 9000, paidOut: 25000, minimumPayout: 25000 },
	],
	commissions: [],
	payouts: [],
};
const messages = { success: 'Done', fallback: 'Something went wrong' };

const reply = (status: number, body: unknown) =>
	Promise.resolve(new Response(JSON.stringify(body), { status }));
const refusal = (status: number, code: string, message: string) =>
	reply(status, { error: { code, message } });
/** The request a mocked fetch received: its URL and JSON body. */
const sent = (fetcher: ReturnType<typeof vi.fn>, call: number) => {
	const [url, init] = fetcher.mock.calls[call] as [string, RequestInit | undefined];
	return { url, body: init?.body ? JSON.parse(init.body as string) : undefined };
};

afterEach(() => {
	$affiliate.set({ state: 'loading' });
	$affiliateBusy.set(null);
	$affiliateNotice.set(null);
});

describe('the affiliate store', () => {
	it('reads the page in the customer’s language, and shows the server’s message on failure', async () => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(reply(200, outside))
			.mockReturnValueOnce(refusal(401, 'unauthorized', 'Bitte melde dich an.'));
		await loadAffiliate('de', 'fallback', fetcher);
		expect(sent(fetcher, 0).url).toBe('/api/panel/affiliate?locale=de');
		expect($affiliate.get()).toEqual({ state: 'ready', data: outside });
		await loadAffiliate('de', 'fallback', fetcher);
		expect($affiliate.get()).toMatchObject({ state: 'error', message: 'Bitte melde dich an.' });
	});

	it('joins only with the terms accepted, surfacing the refusal, and reads the page again', async () => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(refusal(400, 'terms_not_accepted', 'Accept the terms first.'))
			.mockReturnValueOnce(reply(200, outside))
			.mockReturnValueOnce(reply(200, { code: 'AB12CD34' }))
			.mockReturnValueOnce(reply(200, member));
		expect(await join(false, 'en', messages, fetcher)).toBe(false);
		expect(sent(fetcher, 0)).toEqual({
			url: '/api/affiliate/join',
			body: { acceptTerms: false, locale: 'en' },
		});
		expect($affiliateNotice.get()).toEqual({
			form: 'join',
			kind: 'error',
			text: 'Accept the terms first.',
		});
		expect(await join(true, 'en', messages, fetcher)).toBe(true);
		expect(sent(fetcher, 2).body).toEqual({ acceptTerms: true, locale: 'en' });
		expect(sent(fetcher, 3).url).toBe('/api/panel/affiliate?locale=en');
		expect($affiliate.get()).toEqual({ state: 'ready', data: member });
		expect($affiliateNotice.get()).toMatchObject({ form: 'join', kind: 'success' });
		expect($affiliateBusy.get()).toBeNull();
	});

	it('asks for a payout with the currency and trimmed details only, then reads the page again', async () => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(reply(201, { id: 'p1' }))
			.mockReturnValueOnce(reply(200, member));
		expect(await requestPayout('EUR', '  NO93 8601 1117 947 \n', 'no', messages, fetcher)).toBe(
			true,
		);
		expect(sent(fetcher, 0)).toEqual({
			url: '/api/affiliate/payouts',
			body: { currency: 'EUR', details: 'NO93 8601 1117 947', locale: 'no' },
		});
		expect(sent(fetcher, 1).url).toBe('/api/panel/affiliate?locale=no');
		expect($affiliateNotice.get()).toEqual({ form: 'payout', kind: 'success', text: 'Done' });
	});

	it.each([
		[422, 'below_minimum', 'Below the minimum.'],
		[400, 'missing_details', 'Tell us where to pay.'],
		[403, 'not_affiliate', 'Join first.'],
		[429, 'rate_limited', 'Slow down.'],
	])('shows a %i %s refusal as the server words it', async (status, code, message) => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(refusal(status, code, message))
			.mockReturnValueOnce(reply(200, member));
		expect(await requestPayout('EUR', 'x', 'en', messages, fetcher)).toBe(false);
		expect($affiliateNotice.get()).toEqual({ form: 'payout', kind: 'error', text: message });
	});

	it('falls back to the given message when the network fails', async () => {
		const fetcher = vi.fn().mockRejectedValue(new TypeError('offline'));
		expect(await join(true, 'en', messages, fetcher)).toBe(false);
		expect($affiliateNotice.get()?.text).toBe('Something went wrong');
	});

	it('sends one write at a time', async () => {
		let release = () => {};
		const fetcher = vi.fn(
			() =>
				new Promise<Response>((resolve) => {
					release = () => resolve(new Response(JSON.stringify(member), { status: 200 }));
				}),
		);
		const first = join(true, 'en', messages, fetcher);
		expect(await requestPayout('EUR', 'PayPal me@example.com', 'en', messages, fetcher)).toBe(
			false,
		);
		release();
		await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
		release();
		await first;
		expect(fetcher).toHaveBeenCalledTimes(2);
	});
});

describe('what the page derives from the read', () => {
	it('offers payouts only in currencies at or above their minimum', () => {
		expect(payoutCurrencies(member.joined ? member.balances : []).map((b) => b.currency)).toEqual([
			'EUR',
		]);
		expect(
			payoutCurrencies([
				{ currency: 'DKK', pending: 0, available: 0, paidOut: 0, minimumPayout: 0 },
			]),
		).toEqual([]);
	});

	it('shows zeros and the programme’s minimum in the locale’s currency before any commission', () => {
		expect(shownBalances([], 'NOK')).toEqual([
			{ currency: 'NOK', pending: 0, available: 0, paidOut: 0, minimumPayout: 25000 },
		]);
		expect(shownBalances([], 'EUR')[0]?.minimumPayout).toBe(2500);
		expect(member.joined && shownBalances(member.balances, 'EUR')).toBe(member.balances);
	});

	it('builds the home, game and VPS links with the code, in the page’s language', () => {
		expect(referralLinks('https://frostnode.example', 'AB12CD34', 'en')).toEqual([
			{ kind: 'home', url: 'https://frostnode.example/?ref=AB12CD34' },
			{ kind: 'game', url: 'https://frostnode.example/minecraft-server-hosting?ref=AB12CD34' },
			{ kind: 'vps', url: 'https://frostnode.example/vps-hosting?ref=AB12CD34' },
		]);
		expect(referralLinks('http://localhost:4321', 'AB12CD34', 'de').map((l) => l.url)).toEqual([
			'http://localhost:4321/de?ref=AB12CD34',
			'http://localhost:4321/de/minecraft-server-hosting?ref=AB12CD34',
			'http://localhost:4321/de/vps-hosting?ref=AB12CD34',
		]);
	});
});
