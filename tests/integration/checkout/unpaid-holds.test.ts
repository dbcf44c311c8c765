import type { APIContext, APIRoute } from 'astro';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import { policy } from '../../../src/lib/policy.ts';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway.ts';
import type { PaymentGateway } from '../../../src/server/payments/types.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as QueriesModule from '../../../src/server/orders/queries.ts';
import type * as LoggerModule from '../../../src/server/log/logger.ts';
import { messages, signedInUser } from '../local-stack/helpers.ts';
import { origin, startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 38 item 3: one free account stopped all VPS sales. Unpaid VPS orders took addresses from
// the pool and held them for 2 hours, so a handful of accounts emptied it in seconds, and an
// unpaid order held its subdomain label for ever. Now an unpaid order holds its addresses and its
// label only for its payment page's lifetime, one account holds at most two unpaid VPS orders,
// and a paid order claims its address at payment: with none left then, it is refunded at once,
// the customer told, the operators alerted.

const gatewaySecret = 'unpaid-holds-gateway-secret-0123456789abcdef';
const folder = mkdtempSync(join(tmpdir(), 'unpaid-holds-'));
let b: BillingStack;
let checkout: APIRoute;
let check: APIRoute;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let orderStatus: typeof QueriesModule.orderStatus;
let log: typeof LoggerModule.logger;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: gatewaySecret,
		HYPERVISOR_SIM_FILE: join(folder, 'machines.json'),
		HYPERVISOR_SIM_DELAY_MS: '0',
		DNS_PROVIDER: '',
		DNS_EMBEDDED_FILE: join(folder, 'dns.json'),
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
	});
	checkout = (await import('../../../src/pages/api/checkout.ts')).POST;
	check = (await import('../../../src/pages/api/subdomains/check.ts')).POST;
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ orderStatus } = await import('../../../src/server/orders/queries.ts'));
	({ logger: log } = await import('../../../src/server/log/logger.ts'));
}, 60_000);

afterAll(async () => {
	await b.stop();
	rmSync(folder, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());

interface Buyer {
	id: string;
	email: string;
	token: string;
}

/** A new customer account, signed in: what an attacker makes as many of as they like. */
async function newAccount(): Promise<Buyer> {
	const { user, email, session } = await signedInUser(b.p.stack);
	return { id: user.id, email, token: session.access_token };
}

let serial = 0;
const billing = {
	name: 'Kari Nordmann',
	address: 'Storgata 1',
	postcode: '0155',
	city: 'Oslo',
	country: 'NO',
};

function vpsBody(label?: string, locale = 'en') {
	serial += 1;
	return {
		item: {
			planId: 'vps-premium',
			ram: 2,
			storageGb: null,
			extras: label ? ['subDomain'] : [],
			...(label ? { subdomain: label } : {}),
			cycle: 'monthly',
			currency: 'EUR',
			vps: { image: 'debian-12', hostname: `hold-${serial}` },
			// The pool of Oslo's node pve1, which these tests shrink.
			location: 'oslo',
		},
		billing,
		method: 'card',
		idempotencyKey: `unpaid-hold-${serial}-${Date.now()}`,
		locale,
	};
}

function palworldBody(label: string) {
	serial += 1;
	return {
		item: {
			planId: 'palworld-standard',
			ram: 8,
			storageGb: 25,
			extras: ['subDomain'],
			subdomain: label,
			cycle: 'monthly',
			currency: 'EUR',
		},
		billing,
		method: 'card',
		idempotencyKey: `unpaid-label-${serial}-${Date.now()}`,
		locale: 'en',
	};
}

function context(route: string, token: string, body: unknown): APIContext {
	const url = new URL(route, 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify(body),
	});
	return {
		request,
		url,
		params: {},
		locals: { clientAddress: '203.0.113.38' },
		cookies: { get: () => undefined },
	} as unknown as APIContext;
}

interface Placed {
	status: number;
	body: {
		orderId?: string;
		invoiceId?: string;
		paymentUrl?: string | null;
		error?: { code: string; message: string };
	};
}

async function order(buyer: Buyer, body: unknown): Promise<Placed> {
	const response = await checkout(context('/api/checkout', buyer.token, body));
	return { status: response.status, body: (await response.json()) as Placed['body'] };
}

async function placedOk(buyer: Buyer, body: unknown) {
	const placed = await order(buyer, body);
	expect(placed.status, JSON.stringify(placed.body)).toBe(201);
	const { data } = await b.p.service
		.from('orders')
		.select('service_id')
		.eq('id', placed.body.orderId!)
		.single();
	return { ...placed.body, serviceId: data!.service_id! };
}

/** The IPv4 addresses unpaid or paid services hold now, and the free ones, on pve1. */
async function pool() {
	const { data } = await b.p.service
		.from('vps_addresses')
		.select('address, service_id')
		.eq('node', 'pve1')
		.eq('family', 4);
	return {
		free: data!.filter((row) => row.service_id === null).length,
		heldBy: (service: string) => data!.filter((row) => row.service_id === service).length,
	};
}

/** What an order writes, to see that a refusal wrote nothing. */
async function written() {
	const count = async (table: 'orders' | 'services' | 'vps_machines') =>
		(await b.p.service.from(table).select('*', { count: 'exact', head: true })).count;
	return {
		orders: await count('orders'),
		services: await count('services'),
		machines: await count('vps_machines'),
		free: (await pool()).free,
	};
}

/** Time passes for one unpaid order: its payment page (and so its hold) ran out. */
async function lapse(serviceId: string) {
	const { error } = await b.p.service
		.from('services')
		.update({ held_until: new Date(Date.now() - 60_000).toISOString() })
		.eq('id', serviceId);
	if (error) throw error;
}

/** Takes free IPv4 addresses of pve1 out of the pool so `left` remain; gives them back after. */
async function shrinkPool(left: number) {
	const { data: free } = await b.p.service
		.from('vps_addresses')
		.select('id, node, family, address, prefix, gateway')
		.eq('node', 'pve1')
		.eq('family', 4)
		.is('service_id', null)
		.order('address');
	const out = free!.slice(left);
	await b.p.service
		.from('vps_addresses')
		.delete()
		.in(
			'id',
			out.map((row) => row.id),
		);
	return async () => {
		await b.p.service.from('vps_addresses').insert(out.map(({ id: _id, ...row }) => row));
	};
}

const refunds: { paymentId: string; amount: number }[] = [];
function gateway(): PaymentGateway {
	const real = createTestGateway(gatewaySecret);
	return {
		...real,
		refund: (request) => {
			refunds.push({ paymentId: request.paymentId, amount: request.amount });
			return real.refund(request);
		},
	};
}

/** The customer pays on the test gateway's page the order sent them to; the webhook follows. */
async function pay(paymentUrl: string) {
	const token = new URL(paymentUrl).searchParams.get('session')!;
	const session = readTestSession(token, gatewaySecret);
	expect(session, 'the payment page is still open').not.toBeNull();
	const signed = signTestWebhook(testWebhookFor(session!, 'pay'), { secret: gatewaySecret });
	const through = gateway();
	const event = await through.parseWebhook(signed.rawBody, new Headers(signed.headers));
	await handlePaymentEvent(event, origin, through);
	return event.kind === 'paid' ? event.paymentId : '';
}

describe('one account and the address pool', () => {
	it(`holds at most ${policy.unpaidVpsOrdersPerAccount} unpaid VPS orders; the next is refused in the customer's language, writing nothing`, async () => {
		const attacker = await newAccount();
		for (let i = 0; i < policy.unpaidVpsOrdersPerAccount; i++) await placedOk(attacker, vpsBody());
		const before = await written();
		for (const [locale, dictionary] of [
			['en', en],
			['de', de],
		] as const) {
			const refused = await order(attacker, vpsBody(undefined, locale));
			expect(refused.status).toBe(409);
			expect(refused.body.error).toEqual({
				code: 'vps_unpaid_orders',
				message: dictionary['checkout.error.vps_unpaid_orders'],
			});
		}
		expect(de['checkout.error.vps_unpaid_orders']).not.toBe(en['checkout.error.vps_unpaid_orders']);
		expect(await written()).toEqual(before);
	});

	it('lets many unpaid orders empty the pool only for the life of their payment pages', async () => {
		const restore = await shrinkPool(3);
		try {
			const [first, second, third] = [await newAccount(), await newAccount(), await newAccount()];
			const held = [
				await placedOk(first, vpsBody()),
				await placedOk(first, vpsBody()),
				await placedOk(second, vpsBody()),
			];
			expect((await pool()).free).toBe(0);
			// A paying customer meets an empty pool before paying, not after: nothing charged.
			expect((await order(third, vpsBody())).body.error?.code).toBe('location_full');

			// Each hold lasts exactly as long as the payment page the order was sent to.
			const { data: rows } = await b.p.service
				.from('services')
				.select('created_at, held_until')
				.in(
					'id',
					held.map((h) => h.serviceId),
				);
			for (const row of rows!)
				expect(Date.parse(row.held_until) - Date.parse(row.created_at)).toBe(
					policy.unpaidHoldMinutes * 60_000,
				);
			const page = readTestSession(
				new URL(held[0]!.paymentUrl!).searchParams.get('session')!,
				gatewaySecret,
			)!;
			const lifetime = page.expiresAt * 1000 - Date.parse(rows![0]!.created_at);
			expect(lifetime).toBeGreaterThan((policy.unpaidHoldMinutes - 1) * 60_000);
			expect(lifetime).toBeLessThanOrEqual((policy.unpaidHoldMinutes + 1) * 60_000);

			// The pages ran out: the addresses are free for the next order, whoever places it.
			for (const h of held) await lapse(h.serviceId);
			const taken = await placedOk(third, vpsBody());
			const after = await pool();
			expect(after.heldBy(taken.serviceId)).toBe(1);
			expect(held.map((h) => after.heldBy(h.serviceId))).toEqual([0, 0, 0]);
			expect(after.free).toBe(2);
			// The lapsed orders no longer count toward their account's limit either.
			await placedOk(first, vpsBody());
		} finally {
			await restore();
		}
	});
});

describe('a paid order and the pool', () => {
	it('claims an address at payment when its unpaid hold lapsed', async () => {
		const buyer = await newAccount();
		const placed = await placedOk(buyer, vpsBody());
		await lapse(placed.serviceId);
		// Another order came by meanwhile: the lapsed hold is let go, then claimed again at payment.
		await placedOk(await newAccount(), vpsBody());
		expect((await pool()).heldBy(placed.serviceId)).toBe(0);
		await pay(placed.paymentUrl!);
		expect((await pool()).heldBy(placed.serviceId)).toBe(1);
		const { data: service } = await b.p.service
			.from('services')
			.select('status')
			.eq('id', placed.serviceId)
			.single();
		expect(['provisioning', 'active']).toContain(service!.status);
	});

	it('is refunded at once when no address is left at payment, the customer told, operators alerted', async () => {
		const restore = await shrinkPool(1);
		try {
			const buyer = await newAccount();
			const placed = await placedOk(buyer, vpsBody());
			await lapse(placed.serviceId);
			// The last address goes to an order placed while this one's page had run out.
			await placedOk(await newAccount(), vpsBody());
			expect((await pool()).free).toBe(0);
			const alerts = vi.spyOn(log, 'error');

			const paymentId = await pay(placed.paymentUrl!);

			const { data: invoice } = await b.p.service
				.from('invoices')
				.select('number, status, total, transactions(kind, amount, status, applied)')
				.eq('id', placed.invoiceId!)
				.single();
			expect(invoice!.status).toBe('cancelled');
			expect(invoice!.transactions).toEqual(
				expect.arrayContaining([
					{ kind: 'payment', amount: invoice!.total, status: 'succeeded', applied: false },
					{ kind: 'refund', amount: invoice!.total, status: 'succeeded', applied: true },
				]),
			);
			expect(refunds.filter((r) => r.paymentId === paymentId)).toEqual([
				{ paymentId, amount: invoice!.total },
			]);
			const { data: service } = await b.p.service
				.from('services')
				.select('status')
				.eq('id', placed.serviceId)
				.single();
			expect(service!.status).toBe('cancelled');
			const shown = await orderStatus(b.admin, placed.orderId!, buyer.id);
			expect(shown).toMatchObject({ status: 'cancelled', cancelReason: 'no_vps_address' });
			const mails = (await messages(b.p.stack)).filter(
				(m) =>
					m.to.includes(buyer.email) &&
					m.subject === en['mail.soldOut.subject'].replace('{number}', invoice!.number),
			);
			expect(mails).toHaveLength(1);
			expect(alerts).toHaveBeenCalledWith(
				'VPS paid with no address left in the pool: refunded',
				expect.objectContaining({ invoiceId: placed.invoiceId, serviceId: placed.serviceId }),
			);
		} finally {
			await restore();
		}
	});
});

describe('a subdomain label and an unpaid order', () => {
	it('is held only while the order may still be paid on its page, then free to others', async () => {
		const label = `hold${Date.now().toString(36)}`;
		const first = await newAccount();
		const second = await newAccount();
		const placed = await placedOk(first, palworldBody(label));
		expect((await order(second, palworldBody(label))).body.error?.code).toBe('subdomain_taken');
		const asked = () =>
			check(context('/api/subdomains/check', second.token, { subdomain: label, locale: 'en' }));
		expect((await asked()).status).toBe(409);

		await lapse(placed.serviceId);
		expect(await (await asked()).json()).toMatchObject({ subdomain: label, available: true });
		const taken = await placedOk(second, palworldBody(label));

		// The first customer pays after all: the server is theirs, the label now someone else's.
		await pay(placed.paymentUrl!);
		const { data: rows } = await b.p.service
			.from('services')
			.select('id, status, subdomain, subdomain_extra')
			.in('id', [placed.serviceId, taken.serviceId]);
		const of = (id: string) => rows!.find((row) => row.id === id);
		expect(of(taken.serviceId)).toMatchObject({ subdomain: label, subdomain_extra: true });
		expect(of(placed.serviceId)).toMatchObject({ subdomain: null, subdomain_extra: true });
		expect(of(placed.serviceId)!.status).not.toBe('pending_payment');
	});
});
