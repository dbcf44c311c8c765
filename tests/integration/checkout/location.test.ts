import type { APIContext, APIRoute } from 'astro';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as VpsQueriesModule from '../../../src/server/vps-panel/queries.ts';
import type * as LifecycleModule from '../../../src/server/http/lifecycle.ts';
import { origin, startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 43: the customer chooses where the server runs. POST /api/checkout takes item.location;
// the service, its invoice line, the order and the server reads carry it back, and the simulated
// panel and hypervisor run it there. An unknown location is 422 and a full one 409 with the
// locations that have room, both before anything is written or paid.

const gatewaySecret = 'location-gateway-secret-0123456789abcdef';
const folder = mkdtempSync(join(tmpdir(), 'checkout-location-'));
const panelFile = join(folder, 'panel.json');
const machinesFile = join(folder, 'machines.json');
let b: BillingStack;
let owner: User;
let bearer: string;
let routes: Record<'checkout' | 'order' | 'server', APIRoute>;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let vpsFacts: typeof VpsQueriesModule.vpsFacts;
let lifecycle: typeof LifecycleModule;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: gatewaySecret,
		GAME_PANEL_SIM_FILE: panelFile,
		HYPERVISOR_SIM_FILE: machinesFile,
		HYPERVISOR_SIM_DELAY_MS: '0',
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
	});
	routes = {
		checkout: (await import('../../../src/pages/api/checkout.ts')).POST,
		order: (await import('../../../src/pages/api/orders/[id].ts')).GET,
		server: (await import('../../../src/pages/api/panel/servers/[id]/index.ts')).GET,
	};
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ vpsFacts } = await import('../../../src/server/vps-panel/queries.ts'));
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
	const { data } = await b.p.owner.auth.getSession();
	bearer = data.session!.access_token;
}, 60_000);

afterAll(async () => {
	await b.stop();
	rmSync(folder, { recursive: true, force: true });
});

async function call(route: APIRoute, path: string, body?: unknown, params = {}) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const response = await route({
		request: new Request(url, {
			method: body === undefined ? 'GET' : 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		}),
		url,
		params,
		locals: { clientAddress: '203.0.113.43' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	return {
		status: response.status,
		body: (await response.json()) as Record<string, unknown> & {
			error?: { code: string; message: string; available?: string[] };
		},
	};
}

let serial = 0;
const billing = {
	name: 'Kari Nordmann',
	address: 'Storgata 1',
	postcode: '0155',
	city: 'Oslo',
	country: 'NO',
};

function valheim({ location, locale = 'en' }: { location?: unknown; locale?: string } = {}) {
	return {
		item: {
			planId: 'valheim-standard',
			ram: 6,
			storageGb: 25,
			extras: [],
			cycle: 'monthly',
			currency: 'EUR',
			...(location === undefined ? {} : { location }),
		},
		billing,
		method: 'card',
		idempotencyKey: `location-game-${++serial}-${Date.now()}`,
		locale,
	};
}

function vps({ location, locale = 'en' }: { location?: unknown; locale?: string } = {}) {
	return {
		...valheim({ location, locale }),
		item: {
			planId: 'vps-premium',
			ram: 2,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
			currency: 'EUR',
			vps: { image: 'debian-12', hostname: `where-${++serial}` },
			...(location === undefined ? {} : { location }),
		},
	};
}

const order = (body: unknown) => call(routes.checkout, '/api/checkout', body);

/** Everything an order writes: orders, services, invoices, machines and taken addresses. */
async function written() {
	const count = async (table: string, taken = false) => {
		let query = b.p.service.from(table).select('*', { count: 'exact', head: true });
		if (taken) query = query.not('service_id', 'is', null);
		return (await query).count;
	};
	return {
		orders: await count('orders'),
		services: await count('services'),
		invoices: await count('invoices'),
		machines: await count('vps_machines'),
		taken: await count('vps_addresses', true),
	};
}

async function serviceOf(orderId: unknown) {
	const { data } = await b.p.service
		.from('orders')
		.select('service_id, invoices(invoice_items(line))')
		.eq('id', String(orderId))
		.single();
	const { data: service } = await b.p.service
		.from('services')
		.select('location')
		.eq('id', data!.service_id)
		.single();
	return {
		id: data!.service_id!,
		location: service!.location,
		line: data!.invoices[0]!.invoice_items[0]!.line as Record<string, unknown>,
	};
}

/** Pays the order on the test gateway's page; provisioning follows and is waited for. */
async function pay(paymentUrl: unknown) {
	const token = new URL(String(paymentUrl)).searchParams.get('session')!;
	const signed = signTestWebhook(testWebhookFor(readTestSession(token, gatewaySecret)!, 'pay'), {
		secret: gatewaySecret,
	});
	const gateway = createTestGateway(gatewaySecret);
	await handlePaymentEvent(
		await gateway.parseWebhook(signed.rawBody, new Headers(signed.headers)),
		origin,
		gateway,
	);
	await lifecycle.backgroundSettled();
}

const stored = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, never[]>;

/** Runs `test` with sim capacity settings, then restores the generous defaults. */
async function withCapacity(settings: Record<string, string>, test: () => Promise<void>) {
	Object.assign(process.env, settings);
	try {
		await test();
	} finally {
		for (const name of Object.keys(settings)) delete process.env[name];
	}
}

describe('item.location at checkout', () => {
	it('runs a Valheim server in Frankfurt: service, invoice line, order, panel read and the game panel agree', async () => {
		const placed = await order(valheim({ location: 'frankfurt' }));
		expect(placed.status).toBe(201);
		const service = await serviceOf(placed.body.orderId);
		expect(service.location).toBe('frankfurt');
		expect(service.line).toMatchObject({ kind: 'plan', location: 'frankfurt' });
		await pay(placed.body.paymentUrl);
		const servers = stored(panelFile).servers as { serviceId: string; location: string }[];
		expect(servers.find((s) => s.serviceId === service.id)?.location).toBe('frankfurt');
		const read = await call(
			routes.order,
			`/api/orders/${placed.body.orderId as string}`,
			undefined,
			{
				id: placed.body.orderId,
			},
		);
		expect(read.body).toMatchObject({ location: 'frankfurt', service: { status: 'active' } });
		const page = await call(routes.server, `/api/panel/servers/${service.id}`, undefined, {
			id: service.id,
		});
		expect(page.body).toMatchObject({
			location: 'frankfurt',
			locationName: 'Frankfurt, Germany',
			status: 'active',
		});
	});

	it('runs a VPS in Frankfurt on pve2 with an address of its pool, and the hypervisor agrees', async () => {
		const placed = await order(vps({ location: 'frankfurt' }));
		expect(placed.status).toBe(201);
		const service = await serviceOf(placed.body.orderId);
		expect(service.location).toBe('frankfurt');
		const { data: machine } = await b.p.service
			.from('vps_machines')
			.select('node')
			.eq('service_id', service.id)
			.single();
		expect(machine).toEqual({ node: 'pve2' });
		const { data: ipv4 } = await b.p.service
			.from('vps_addresses')
			.select('address, node')
			.eq('service_id', service.id)
			.eq('family', 4)
			.single();
		expect(ipv4).toMatchObject({
			node: 'pve2',
			address: expect.stringMatching(/^198\.51\.100\.\d+/),
		});
		await pay(placed.body.paymentUrl);
		const machines = stored(machinesFile).machines as { node: string; tags?: string[] }[];
		expect(machines.map((m) => m.node)).toEqual(['pve2']);
		expect((await vpsFacts(b.admin, owner, service.id))?.location).toBe('frankfurt');
		const page = await call(routes.server, `/api/panel/servers/${service.id}`, undefined, {
			id: service.id,
		});
		expect(page.body).toMatchObject({ location: 'frankfurt', status: 'active' });
	});

	it('places an order without a location in the one nearest to the language', async () => {
		for (const [locale, where] of [
			['no', 'oslo'],
			['de', 'frankfurt'],
		] as const) {
			const placed = await order(valheim({ locale }));
			expect(placed.status).toBe(201);
			expect((await serviceOf(placed.body.orderId)).location).toBe(where);
		}
	});

	it('refuses an unknown location, or one that does not sell the product, with 422 and writes nothing', async () => {
		const before = await written();
		for (const [body, dictionary] of [
			[valheim({ location: 'atlantis', locale: 'de' }), de],
			[valheim({ location: '', locale: 'en' }), en],
			[vps({ location: 'stockholm', locale: 'de' }), de],
			[vps({ location: 'helsinki', locale: 'en' }), en],
		] as const) {
			const answer = await order(body);
			expect(answer.status, JSON.stringify(body.item)).toBe(422);
			expect(answer.body.error).toEqual({
				code: 'location_unknown',
				message: dictionary['checkout.error.location_unknown'],
			});
		}
		expect((await order(valheim({ location: 7 }))).status).toBe(400);
		expect(await written()).toEqual(before);
	});

	it('refuses a full location with 409 and the locations that have room, before anything is written or paid', async () => {
		const before = await written();
		await withCapacity(
			{ GAME_PANEL_SIM_CAPACITY: 'frankfurt=4:100', HYPERVISOR_SIM_CAPACITY: 'pve2=1:1:10' },
			async () => {
				const game = await order(valheim({ location: 'frankfurt', locale: 'de' }));
				expect(game.status).toBe(409);
				expect(game.body.error).toEqual({
					code: 'location_full',
					message: de['checkout.error.location_full'],
					available: ['oslo', 'stockholm'],
				});
				const machine = await order(vps({ location: 'frankfurt' }));
				expect(machine.status).toBe(409);
				expect(machine.body.error).toEqual({
					code: 'location_full',
					message: en['checkout.error.location_full'],
					available: ['oslo'],
				});
			},
		);
		expect(await written()).toEqual(before);
	});

	it('gives a repeated submit its order back, even once the location is full or another is named', async () => {
		const body = vps({ location: 'frankfurt' });
		const first = await order(body);
		expect(first.status).toBe(201);
		await withCapacity({ HYPERVISOR_SIM_CAPACITY: 'pve2=1:1:10' }, async () => {
			const again = await order(body);
			expect(again.status).toBe(200);
			expect(again.body.orderId).toBe(first.body.orderId);
		});
		const elsewhere = await order({ ...body, item: { ...body.item, location: 'oslo' } });
		expect(elsewhere.status).toBe(200);
		expect(elsewhere.body.orderId).toBe(first.body.orderId);
		expect((await serviceOf(first.body.orderId)).location).toBe('frankfurt');
	});
});
