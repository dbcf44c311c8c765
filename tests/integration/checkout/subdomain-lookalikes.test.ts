import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import { clientFor } from '../local-stack/helpers.ts';
import { demo } from '../data-model/personas.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 38 item 8: look-alikes of the brand and of the site's own names (`billing-frostnode`,
// `fr0stnode`, `www1`) could be taken as a customer's subdomain. The configurator's availability
// check and checkout now refuse them as reserved (one rule, src/lib/subdomain.ts), in the
// customer's language, and write nothing; ordinary names stay free.

let b: BillingStack;
let check: APIRoute;
let checkout: APIRoute;
let change: APIRoute;
let bearer: string;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: 'lookalike-gateway-secret-0123456789abcdef',
		DNS_PROVIDER: '',
		DNS_ZONE: '',
	});
	check = (await import('../../../src/pages/api/subdomains/check.ts')).POST;
	checkout = (await import('../../../src/pages/api/checkout.ts')).POST;
	change = (await import('../../../src/pages/api/services/[id]/subdomain.ts')).POST;
	const owner = (await b.p.owner.auth.getUser()).data.user!;
	const { data, error } = await clientFor(b.p.stack).auth.signInWithPassword({
		email: owner.email!,
		password: demo.password,
	});
	if (error) throw error;
	bearer = data.session.access_token;
}, 60_000);
afterAll(() => b.stop());

async function post(route: APIRoute, path: string, body: unknown, params = {}) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
		body: JSON.stringify(body),
	});
	const response = await route({
		request,
		url,
		params,
		locals: { clientAddress: '203.0.113.80' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	const answer = (await response.json()) as { error?: { code: string; message: string } };
	return { status: response.status, error: answer.error };
}

let serial = 0;
const order = (subdomain: string, locale: string) => ({
	item: {
		planId: 'minecraft-premium',
		ram: 4,
		storageGb: 25,
		extras: ['subDomain'],
		subdomain,
		cycle: 'monthly',
		currency: 'EUR',
	},
	billing: { name: 'Demo Kunde', address: 'Gate 1', postcode: '0150', city: 'Oslo', country: 'NO' },
	method: 'card',
	idempotencyKey: `lookalike-${++serial}-${Date.now()}`,
	locale,
});

/** The brand and the site's own names, dressed up. */
const lookalikes = [
	'billing-frostnode',
	'fr0stnode',
	'www1',
	'frost-node',
	'FROSTN0DE-Support',
	'my-frostnode',
	'fr0st-n0d3',
	'frostnode-billing',
	'login-frostnode',
	'ma1l',
	'ns01',
	'secure-login',
	'admin-panel',
	'my-panel',
	'supp0rt',
	'5taff',
	'status-page',
	'vvww',
];

const orders = async () =>
	(await b.p.service.from('orders').select('id', { count: 'exact', head: true })).count;

describe('look-alike subdomain labels', () => {
	it('the availability check refuses each as reserved, in the visitor’s language', async () => {
		for (const [i, label] of lookalikes.entries()) {
			const [locale, dictionary] = i % 2 ? ['de', de] : ['en', en];
			const answer = await post(check, '/api/subdomains/check', { subdomain: label, locale });
			expect(answer.status, label).toBe(422);
			expect(answer.error, label).toEqual({
				code: 'subdomain_reserved',
				message: dictionary['checkout.error.subdomain_reserved'],
			});
		}
	});

	it('checkout refuses them too and places nothing', async () => {
		const before = await orders();
		// Checkout's own limit allows about 20 orders a customer; a few of each kind are enough.
		for (const label of ['billing-frostnode', 'fr0stnode', 'www1', 'my-panel', 'ma1l']) {
			const answer = await post(checkout, '/api/checkout', order(label, 'de'));
			expect(answer.status, label).toBe(422);
			expect(answer.error, label).toEqual({
				code: 'subdomain_reserved',
				message: de['checkout.error.subdomain_reserved'],
			});
		}
		expect(await orders()).toBe(before);
	});

	it('the panel refuses to change a server’s label to one, and keeps the label it had', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-04-01T12:00:00Z');
		const label = async () =>
			(await b.p.service.from('services').select('subdomain').eq('id', id).single()).data;
		await b.p.service
			.from('services')
			.update({ subdomain_extra: true, subdomain: 'own-label-38' })
			.eq('id', id);
		const path = `/api/services/${id}/subdomain`;
		const answer = await post(change, path, { subdomain: 'my-fr0stnode', locale: 'de' }, { id });
		expect(answer).toEqual({
			status: 422,
			error: { code: 'subdomain_reserved', message: de['checkout.error.subdomain_reserved'] },
		});
		expect(await label()).toEqual({ subdomain: 'own-label-38' });
	});

	it('ordinary names stay free', async () => {
		for (const label of ['wolfpack', 'minecraftlan', 'nordicraft', 'frost-craft', 'mailman']) {
			const answer = await post(check, '/api/subdomains/check', { subdomain: label });
			expect(answer.status, label).toBe(200);
		}
	});
});
