import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demo, ids, other } from '../data-model/personas.ts';
import { origin, startCardsStack, type CardsStack } from './fixture.ts';

// Listing, adding and choosing saved cards through the API routes, against the local stack with the
// demo seed and the test gateway: a card added on the gateway's page arrives by webhook, once.

let s: CardsStack;

beforeAll(async () => {
	s = await startCardsStack();
}, 60_000);
afterAll(() => s.p.stack.stop());
beforeEach(() => s.resetLimits());

interface Listed {
	methods: {
		id: string;
		brand: string;
		last4: string;
		expMonth: number;
		expYear: number;
		isDefault: boolean;
		expired: boolean;
	}[];
	renewalNeedsCard: boolean;
}

async function list(token: string): Promise<Listed> {
	const answer = await s.call(s.routes.list, '/api/payment-methods', { token, method: 'GET' });
	expect(answer.status).toBe(200);
	return answer.body as unknown as Listed;
}

const forget = (userId: string) =>
	s.p.service.from('payment_methods').delete().eq('user_id', userId);

describe('GET /api/payment-methods', () => {
	it('answers 401 without a session', async () => {
		const answer = await s.call(s.routes.list, '/api/payment-methods', { method: 'GET' });
		expect(answer.status).toBe(401);
		expect(answer.body.error?.code).toBe('unauthenticated');
	});

	it('lists the caller’s cards only, and whether a renewal needs one', async () => {
		const owner = await list(s.tokens.owner);
		expect(owner.renewalNeedsCard).toBe(true);
		expect(owner.methods).toEqual([
			{
				id: expect.any(String),
				brand: 'visa',
				last4: '4242',
				expMonth: 8,
				expYear: new Date().getUTCFullYear() + 2,
				isDefault: true,
				expired: false,
			},
		]);
		await forget(other.id);
		expect(await list(s.tokens.other)).toEqual({ methods: [], renewalNeedsCard: true });
	});

	it('needs a card only for a service that will renew', async () => {
		const valheim = ids.valheim;
		const cases = [
			[{ status: 'active', cancel_at_period_end: false }, true],
			[{ status: 'provisioning', cancel_at_period_end: false }, true],
			[{ status: 'suspended', cancel_at_period_end: false }, true],
			[{ status: 'active', cancel_at_period_end: true, cancellation_reason: 'Done' }, false],
			[{ status: 'terminated', cancel_at_period_end: false }, false],
		] as const;
		for (const [change, needed] of cases) {
			await s.p.service.from('services').update(change).eq('id', valheim);
			expect((await list(s.tokens.other)).renewalNeedsCard).toBe(needed);
		}
		await s.p.service
			.from('services')
			.update({ status: 'active', cancel_at_period_end: false, cancellation_reason: null })
			.eq('id', valheim);
	});

	it('marks a card expired from the month after its expiry (UTC)', async () => {
		await forget(other.id);
		await s.p.service.rpc('save_payment_method', {
			owner: other.id,
			gateway: 'test',
			reference: 'expired_card_other',
			fingerprint: '',
			brand: 'mastercard',
			last4: '5454',
			exp_month: 1,
			exp_year: 2021,
		});
		expect((await list(s.tokens.other)).methods).toMatchObject([
			{ last4: '5454', expired: true, isDefault: true },
		]);
		await forget(other.id);
	});
});

describe('adding a card on the gateway’s page', () => {
	it('answers where to save it, in the caller’s language, returning to the panel', async () => {
		const answer = await s.call(s.routes.setup, '/api/payment-methods/setup', {
			token: s.tokens.other,
			body: { locale: 'de' },
		});
		expect(answer.status).toBe(201);
		const url = new URL(String(answer.body.setupUrl));
		expect(`${url.origin}${url.pathname}`).toBe(`${origin}/de/checkout/test-gateway/card`);
		const { readTestSetup } = await import('../../../src/server/payments/test-gateway.ts');
		expect(readTestSetup(url.searchParams.get('session') ?? '')).toMatchObject({
			profileId: other.id,
			successUrl: `${origin}/de/panel/billing/payment-methods?added=1`,
			cancelUrl: `${origin}/de/panel/billing/payment-methods`,
		});
		const refused = await s.call(s.routes.setup, '/api/payment-methods/setup', { body: {} });
		expect(refused.status).toBe(401);
	});

	it('lists the card once its webhook arrives, and saves it once however often it comes', async () => {
		await forget(other.id);
		const delivery = await s.addCard(s.tokens.other);
		expect(await s.deliver(delivery)).toBe(200);
		expect(await s.deliver(delivery)).toBe(200);
		const { methods } = await list(s.tokens.other);
		expect(methods).toEqual([
			{
				id: expect.any(String),
				brand: 'visa',
				last4: '4242',
				expMonth: 12,
				expYear: 2034,
				isDefault: true,
				expired: false,
			},
		]);
		const eventId = (JSON.parse(delivery.rawBody) as { id: string }).id;
		const { data: events } = await s.p.service
			.from('payment_events')
			.select('id, type')
			.eq('id', `test:${eventId}`);
		expect(events).toEqual([{ id: `test:${eventId}`, type: 'card_saved' }]);
	});

	it('saves through the TEST MODE page’s button and sends the customer back to the panel', async () => {
		await forget(other.id);
		const site = await siteOn(s);
		try {
			const opened = await s.call(s.routes.setup, '/api/payment-methods/setup', {
				token: s.tokens.other,
			});
			const session = new URL(String(opened.body.setupUrl)).searchParams.get('session') ?? '';
			const form = new URLSearchParams({ session, card: 'declining', locale: 'en' });
			const url = new URL(`${site.origin}/api/payments/test/save-card`);
			const request = new Request(url, { method: 'POST', body: form });
			const answer = await s.routes.saveCard({ request, url } as unknown as APIContext);
			expect(answer.status).toBe(303);
			// Back to the site's configured origin, which here is this server (siteOn sets PORT).
			expect(answer.headers.get('location')).toBe(
				`${site.origin}/panel/billing/payment-methods?added=1`,
			);
			expect((await list(s.tokens.other)).methods).toMatchObject([
				{ brand: 'visa', last4: '0341', expYear: 2034, isDefault: true },
			]);
		} finally {
			await site.close();
		}
	});

	it('remembers the gateway’s customer with the card, and drops a card for nobody', async () => {
		const { handlePaymentEvent } =
			await import('../../../src/server/billing/payment-events/handle.ts');
		const card = { brand: 'amex', last4: '0005', expMonth: 6, expYear: 2031 };
		const saved = { kind: 'card_saved' as const, eventId: `evt_${Date.now()}`, gateway: 'stripe' };
		await handlePaymentEvent(
			{
				...saved,
				profileId: other.id,
				savedMethod: { ...card, gatewayMethodId: 'pm_other_amex' },
				gatewayCustomerId: 'cus_other_1',
			},
			origin,
		);
		const { data: profile } = await s.p.service
			.from('profiles')
			.select('stripe_customer_id')
			.eq('id', other.id)
			.single();
		expect(profile?.stripe_customer_id).toBe('cus_other_1');
		for (const profileId of ['00000000-0000-4000-8000-000000000000', 'not-a-profile'])
			await handlePaymentEvent(
				{
					...saved,
					eventId: `${saved.eventId}-${profileId}`,
					profileId,
					savedMethod: { ...card, gatewayMethodId: `pm_${profileId}` },
				},
				origin,
			);
		const { data: strays } = await s.p.service
			.from('payment_methods')
			.select('id')
			.like('gateway_reference', 'pm_%-%');
		expect(strays).toEqual([]);
		await s.p.service.from('profiles').update({ stripe_customer_id: null }).eq('id', other.id);
		await forget(other.id);
	});
});

describe('choosing the default card', () => {
	it('makes the chosen card the one renewals charge, and only one', async () => {
		await s.addCard(s.tokens.owner);
		const before = await list(s.tokens.owner);
		const added = before.methods.find((card) => !card.isDefault)!;
		const answer = await s.call(s.routes.makeDefault, `/api/payment-methods/${added.id}/default`, {
			token: s.tokens.owner,
			params: { id: added.id },
		});
		expect(answer).toEqual({ status: 200, body: { ok: true } });
		const after = await list(s.tokens.owner);
		expect(after.methods[0]).toMatchObject({ id: added.id, isDefault: true });
		expect(after.methods.filter((card) => card.isDefault)).toHaveLength(1);
		const { data } = await s.p.service.rpc('billing_candidates', {
			at: new Date().toISOString(),
			notice_days: 400,
		});
		const candidates = data as { user_id: string; saved_method: string }[];
		const renewal = candidates.find((c) => c.user_id === demo.id);
		expect(renewal?.saved_method).toMatch(/^tgpm_/);
	});

	it('answers the same 404 for a malformed, a missing and another customer’s card', async () => {
		await s.addCard(s.tokens.other);
		const theirs = (await list(s.tokens.other)).methods[0]!.id;
		const answers = [];
		for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', theirs]) {
			const answer = await s.call(s.routes.makeDefault, `/api/payment-methods/${id}/default`, {
				token: s.tokens.owner,
				params: { id },
			});
			answers.push(answer);
		}
		expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
		expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
		expect(answers[0]!.body.error).toEqual({ code: 'not_found', message: 'Card not found.' });
		expect((await list(s.tokens.other)).methods[0]).toMatchObject({ id: theirs, isDefault: true });
	});
});

describe('the rate limit', () => {
	it('allows twenty changes per customer in five minutes, then asks to wait', async () => {
		const id = '00000000-0000-4000-8000-000000000000';
		const attempt = (token: string) =>
			s.call(s.routes.makeDefault, `/api/payment-methods/${id}/default`, {
				token,
				params: { id },
			});
		for (let i = 0; i < 20; i++) expect((await attempt(s.tokens.owner)).status).toBe(404);
		const refused = await attempt(s.tokens.owner);
		expect(refused.status).toBe(429);
		expect(refused.body.error?.code).toBe('rate_limited');
		expect((await attempt(s.tokens.other)).status).toBe(404);
	});
});

describe('row-level security', () => {
	it('shows a customer their own cards and nobody else’s', async () => {
		await s.addCard(s.tokens.other);
		for (const [client, self] of [
			[s.p.owner, demo.id],
			[s.p.other, other.id],
		] as const) {
			const { data } = await client.from('payment_methods').select('user_id');
			expect(data?.length).toBeGreaterThan(0);
			expect(data?.every((row) => row.user_id === self)).toBe(true);
		}
		const { data: anon } = await s.p.anon.from('payment_methods').select('id');
		expect(anon).toEqual([]);
	});

	it('lets no customer call the new functions, not even on their own cards', async () => {
		const mine = (await list(s.tokens.owner)).methods[0]!.id;
		for (const client of [s.p.owner, s.p.other, s.p.anon]) {
			const calls = [
				client.rpc('set_default_payment_method', { customer: demo.id, method: mine }),
				client.rpc('remove_payment_method', { customer: demo.id, method: mine }),
				client.rpc('record_saved_card', {
					event_id: 'forged',
					gateway: 'test',
					owner: demo.id,
					reference: 'forged_card',
					fingerprint: '',
					brand: 'visa',
					last4: '4242',
					exp_month: 12,
					exp_year: 2034,
					gateway_customer: '',
				}),
			];
			for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501');
		}
		expect((await list(s.tokens.owner)).methods.map((card) => card.id)).toContain(mine);
	});
});

/** This site on loopback, as the TEST MODE page's button reaches it: only the webhook route. */
async function siteOn(stack: CardsStack) {
	const server = createServer((req: IncomingMessage, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const headers = Object.fromEntries(
				Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
			);
			void stack
				.deliver({ rawBody: Buffer.concat(chunks).toString(), headers })
				.then((status) => res.writeHead(status).end());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	// The button posts to PUBLIC_SITE_URL when set, else to loopback on PORT: here, this server.
	const previous = { PORT: process.env.PORT, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL };
	Object.assign(process.env, { PORT: String(port), PUBLIC_SITE_URL: '' });
	return {
		origin: `http://127.0.0.1:${port}`,
		close: () => {
			for (const [name, value] of Object.entries(previous))
				if (value === undefined) delete process.env[name];
				else process.env[name] = value;
			return new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
