import type { APIContext, APIRoute } from 'astro';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as UpgradeModule from '../../../src/server/billing/upgrade/upgrade.ts';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as ProvisionModule from '../../../src/server/provisioning/provision.ts';
import type * as SubdomainModule from '../../../src/server/subdomains/subdomain.ts';
import type * as HostStepsModule from '../../../src/server/billing/host-steps.ts';
import { lookUpEmbedded } from '../../../src/server/dns/embedded.ts';
import { clientFor } from '../local-stack/helpers.ts';
import { demo } from '../data-model/personas.ts';
import { origin, startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 27 item 1: "Your own subdomain" was charged and never delivered. The customer chose no
// name, the service recorded none, an upgrade priced the service without the extra (Palworld
// 10 → 12 GB, 50 GB, quarterly NOK: 384 instead of 414, 24.00 charged instead of 54.00) and the
// renewal then came to 480 instead of 517.50. Now the extra is recorded on the service and priced
// in upgrades and renewals; the label is chosen at checkout (checked, unique, refused in the
// customer's language), and its DNS records follow the server.

let b: BillingStack;
let owner: User;
let dnsFile: string;
let upgrade: typeof UpgradeModule;
let runBilling: typeof RunModule.runBilling;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let provision: typeof ProvisionModule.provision;
let subdomains: typeof SubdomainModule;
let moveService: typeof HostStepsModule.moveService;
let routes: { checkout: APIRoute; check: APIRoute; change: APIRoute };
const zone = 'play.frostnode.example';

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	dnsFile = join(await mkdtemp(join(tmpdir(), 'subdomain-dns-')), 'dns.json');
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: 'subdomain-gateway-secret-0123456789abcdef',
		DNS_PROVIDER: '',
		DNS_ZONE: '',
		DNS_EMBEDDED_FILE: dnsFile,
		PROVISIONING_RETRY_MS: '10',
		PROVISIONING_POLL_MS: '10',
	});
	upgrade = await import('../../../src/server/billing/upgrade/upgrade.ts');
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ provision } = await import('../../../src/server/provisioning/provision.ts'));
	({ moveService } = await import('../../../src/server/billing/host-steps.ts'));
	subdomains = await import('../../../src/server/subdomains/subdomain.ts');
	routes = {
		checkout: (await import('../../../src/pages/api/checkout.ts')).POST,
		check: (await import('../../../src/pages/api/subdomains/check.ts')).POST,
		change: (await import('../../../src/pages/api/services/[id]/subdomain.ts')).POST,
	};
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

/** The customer's scenario: Palworld 10 GB, 50 GB, quarterly NOK with the subdomain: 360.00. */
function palworldWithSubdomain(label: string | null, key: string): Promise<string> {
	return activeQuarterly(key, 36_000, {
		game: 'palworld',
		plan_id: 'palworld-standard',
		tier: 'standard',
		ram_gb: 10,
		storage_gb: 50,
		subdomain_extra: true,
		subdomain: label,
	});
}

/** An active quarterly NOK service as checkout records it, its first invoice paid. */
async function activeQuarterly(
	key: string,
	subtotal: number,
	service: Record<string, string | number | boolean | null>,
): Promise<string> {
	const placed = await b.p.service.rpc('place_order', {
		customer: b.ownerId,
		idempotency_key: key,
		service: { location: 'oslo', product_type: 'game', billing_cycle: 'quarterly', ...service },
		amounts: {
			currency: 'NOK',
			subtotal,
			discount: 0,
			tax_rate: 25,
			tax: subtotal / 4,
			total: subtotal * 1.25,
		},
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Palworld server',
		payment_method: 'card',
		line: {
			kind: 'plan',
			plan: String(service.plan_id),
			tier: String(service.tier),
			ramGb: Number(service.ram_gb),
			cycle: 'quarterly',
		},
	});
	if (placed.error) throw placed.error;
	const id = (placed.data as { service_id: string }).service_id;
	await b.p.service
		.from('services')
		.update({
			status: 'active',
			current_period_start: '2027-03-01T12:00:00Z',
			current_period_end: '2027-06-01T12:00:00Z',
		})
		.eq('id', id);
	await b.p.service
		.from('invoices')
		.update({ status: 'paid', paid_at: '2027-03-01T12:00:00Z' })
		.eq('service_id', id);
	return id;
}

const pay = (invoiceId: string, amount: number, currency = 'NOK') =>
	handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `subdomain-${invoiceId}`,
			gateway: 'test',
			invoiceId,
			amount,
			currency,
			paymentId: `pay-${invoiceId}`,
			method: 'card',
		},
		origin,
	);

describe('an upgrade of a service with the subdomain extra', () => {
	it('prices the extra in the new price and the prorated charge, and the renewal keeps it', async () => {
		// Bought before labels were asked for: the extra is paid, no label yet (the customer's case).
		const id = await palworldWithSubdomain(null, `sub-upgrade-${Date.now()}`);
		// The panel sent no subDomain (it listed extras by label): the server prices what is held.
		const quote = await upgrade.orderUpgrade(
			b.admin,
			owner,
			id,
			{ ram: 12, storageGb: 50, extras: [] },
			'card',
			{
				origin,
				locale: 'en',
				now: new Date('2027-03-01T13:00:00Z'),
			},
		);
		if (typeof quote === 'string') throw new Error(quote);
		expect(quote.quote).toMatchObject({
			oldAmount: 36_000,
			newAmount: 41_400,
			daysLeft: 92,
			daysInPeriod: 92,
			net: 5400,
			taxPercent: 25,
			tax: 1350,
			total: 6750,
		});
		await pay(quote.invoiceId, 6750);
		const after = (
			await b.p.service
				.from('services')
				.select('ram_gb, recurring_amount, subdomain_extra')
				.eq('id', id)
				.single()
		).data;
		expect(after).toEqual({ ram_gb: 12, recurring_amount: 41_400, subdomain_extra: true });

		// The renewal: 414.00 + 25 % VAT = 517.50, not 480.
		await runBilling(b.admin, { now: new Date('2027-05-28T12:00:00Z'), origin });
		const renewal = (
			await b.p.service
				.from('invoices')
				.select('subtotal, tax, total')
				.eq('service_id', id)
				.eq('kind', 'renewal')
				.single()
		).data;
		expect(renewal).toEqual({ subtotal: 41_400, tax: 10_350, total: 51_750 });
	});

	it('keeps both monthly extras of a Minecraft server, modpack installation too', async () => {
		// Minecraft premium 4 GB quarterly NOK: 216.00 + modpack 60.00 + subdomain 30.00 = 306.00.
		const id = await activeQuarterly(`sub-mc-${Date.now()}`, 30_600, {
			game: 'minecraft',
			plan_id: 'minecraft-premium',
			tier: 'premium',
			ram_gb: 4,
			storage_gb: 25,
			modpack_installation: true,
			subdomain_extra: true,
			subdomain: 'modded-world',
		});
		const quote = await upgrade.orderUpgrade(
			b.admin,
			owner,
			id,
			{ ram: 6, storageGb: 25, extras: [] },
			'card',
			{ origin, locale: 'en', now: new Date('2027-03-01T13:00:00Z') },
		);
		if (typeof quote === 'string') throw new Error(quote);
		// 6 GB: 324.00 + 60.00 + 30.00 = 414.00; the whole period left, 108.00 net.
		expect(quote.quote).toMatchObject({ oldAmount: 30_600, newAmount: 41_400, net: 10_800 });
		await pay(quote.invoiceId, quote.quote.total);
		const after = (
			await b.p.service
				.from('services')
				.select('ram_gb, recurring_amount, modpack_installation, subdomain_extra, subdomain')
				.eq('id', id)
				.single()
		).data;
		expect(after).toEqual({
			ram_gb: 6,
			recurring_amount: 41_400,
			modpack_installation: true,
			subdomain_extra: true,
			subdomain: 'modded-world',
		});
	});

	it('cannot add the subdomain without a label, and never drops one', async () => {
		const id = await palworldWithSubdomain('kept-label', `sub-keep-${Date.now()}`);
		const quote = await upgrade.orderUpgrade(
			b.admin,
			owner,
			id,
			{ ram: 12, storageGb: 50, extras: ['subDomain'] },
			'card',
			{ origin, locale: 'en', now: new Date('2027-03-01T13:00:00Z') },
		);
		if (typeof quote === 'string') throw new Error(quote);
		expect(quote.quote.newAmount).toBe(41_400);
		const plain = (
			await b.p.service
				.from('services')
				.update({ subdomain_extra: false, subdomain: null })
				.eq('id', await palworldWithSubdomain(null, `sub-none-${Date.now()}`))
				.select('id')
				.single()
		).data!.id;
		expect(
			await upgrade.orderUpgrade(
				b.admin,
				owner,
				plain,
				{ ram: 10, storageGb: 50, extras: ['subDomain'] },
				'card',
				{ origin, locale: 'en', now: new Date('2027-03-01T13:00:00Z') },
			),
		).toBe('subdomain_not_upgradable');
	});
});

// ---------------------------------------------------------------------------------------------
// Checkout and the panel, through the routes as Astro calls them.

async function token(): Promise<string> {
	const client = clientFor(b.p.stack);
	const { data, error } = await client.auth.signInWithPassword({
		email: owner.email!,
		password: demo.password,
	});
	if (error) throw error;
	return data.session.access_token;
}

async function call(route: APIRoute, path: string, body: unknown, bearer?: string, params = {}) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (bearer) headers.Authorization = `Bearer ${bearer}`;
	const request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
	const response = await route({
		request,
		url,
		params,
		locals: { clientAddress: '203.0.113.27' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	return {
		status: response.status,
		body: (await response.json()) as { error?: { code: string; message: string } } & Record<
			string,
			unknown
		>,
	};
}

let serial = 0;
const minecraftOrder = (subdomain?: string | null, locale = 'no') => ({
	item: {
		planId: 'minecraft-premium',
		ram: 4,
		storageGb: 25,
		extras: ['subDomain'],
		...(subdomain !== undefined ? { subdomain } : {}),
		cycle: 'monthly',
		currency: 'EUR',
	},
	billing: { name: 'Demo Kunde', address: 'Gate 1', postcode: '0150', city: 'Oslo', country: 'NO' },
	method: 'card',
	idempotencyKey: `subdomain-order-${++serial}-${Date.now()}`,
	locale,
});

describe('checkout with the subdomain extra', () => {
	it('refuses a missing, invalid, reserved or taken label in the customer language, and writes nothing', async () => {
		const bearer = await token();
		await palworldWithSubdomain('taken-name', `sub-taken-${Date.now()}`);
		const count = async () =>
			(
				await b.p.service
					.from('orders')
					.select('id', { count: 'exact', head: true })
					.eq('user_id', b.ownerId)
			).count;
		const before = await count();
		const cases: [string | null | undefined, number, string, string][] = [
			[undefined, 422, 'subdomain_required', 'Velg et navn for underdomenet ditt.'],
			['', 422, 'subdomain_required', 'Velg et navn for underdomenet ditt.'],
			['a_b!', 422, 'subdomain_invalid', 'Et underdomene har 3 til 32 små bokstaver'],
			['-abc', 422, 'subdomain_invalid', 'Et underdomene har 3 til 32 små bokstaver'],
			['www', 422, 'subdomain_reserved', 'Dette navnet er reservert. Velg et annet.'],
			['Taken-Name', 409, 'subdomain_taken', 'Dette underdomenet er opptatt. Velg et annet.'],
		];
		for (const [label, status, code, message] of cases) {
			const answer = await call(routes.checkout, '/api/checkout', minecraftOrder(label), bearer);
			expect(answer.status, String(label)).toBe(status);
			expect(answer.body.error?.code).toBe(code);
			expect(answer.body.error?.message).toContain(message);
		}
		expect(await count()).toBe(before);
		// The check route the configurator asks says the same before paying.
		const taken = await call(routes.check, '/api/subdomains/check', {
			subdomain: 'taken-name',
			locale: 'de',
		});
		expect(taken).toMatchObject({ status: 409, body: { error: { code: 'subdomain_taken' } } });
		expect(taken.body.error?.message).toBe(
			'Diese Subdomain ist vergeben. Bitte wähle eine andere.',
		);
		const free = await call(routes.check, '/api/subdomains/check', { subdomain: ' Free-One ' });
		expect(free).toEqual({
			status: 200,
			body: { subdomain: 'free-one', available: true, name: `free-one.${zone}` },
		});
	});

	it('records the label on the service, publishes A and SRV once the server runs, and the panel moves them', async () => {
		const bearer = await token();
		const placed = await call(
			routes.checkout,
			'/api/checkout',
			minecraftOrder(' Frost-Craft '),
			bearer,
		);
		expect(placed.status).toBe(201);
		const { invoiceId, total } = placed.body as { invoiceId: string; total: number };
		const { data: invoice } = await b.p.service
			.from('invoices')
			.select('service_id')
			.eq('id', invoiceId)
			.single();
		const id = invoice!.service_id!;
		const row = async () =>
			(
				await b.p.service
					.from('services')
					.select(
						'status, subdomain, subdomain_extra, subdomain_dns, panel_address, recurring_amount',
					)
					.eq('id', id)
					.single()
			).data!;
		expect(await row()).toMatchObject({
			subdomain: 'frost-craft',
			subdomain_extra: true,
			subdomain_dns: 'pending',
		});
		const { data: line } = await b.p.service
			.from('invoice_items')
			.select('description')
			.eq('invoice_id', invoiceId)
			.single();
		expect(line?.description).toBe('Minecraft (Premium), 4 GB RAM, subdomain frost-craft, monthly');
		// The same label a second time is taken while this order lives.
		const again = await call(
			routes.checkout,
			'/api/checkout',
			minecraftOrder('frost-craft'),
			bearer,
		);
		expect(again.status).toBe(409);

		// Paying starts the set-up in the background; asked again, provisioning waits for it.
		await pay(invoiceId, total, 'EUR');
		await provision(b.admin, id, origin);
		await expect
			.poll(async () => (await row()).subdomain_dns, { timeout: 15_000 })
			.toBe('published');
		const active = await row();
		expect(active).toMatchObject({ status: 'active', subdomain_dns: 'published' });
		const port = Number(String(active.panel_address).split(':')[1]);
		// The simulated panel gives a host name: the label is a CNAME to it, the SRV names it.
		expect(lookUpEmbedded(dnsFile, `frost-craft.${zone}`, 'CNAME')).toEqual([
			'play.local.frostnode.example',
		]);
		expect(lookUpEmbedded(dnsFile, `_minecraft._tcp.frost-craft.${zone}`, 'SRV')).toEqual([
			`0 5 ${port} play.local.frostnode.example`,
		]);

		// Changed in the panel: the new name is published, the old one removed.
		const invalid = await call(
			routes.change,
			`/api/services/${id}/subdomain`,
			{ subdomain: 'no', locale: 'da' },
			bearer,
			{ id },
		);
		expect(invalid.status).toBe(422);
		expect(invalid.body.error?.message).toContain('Et subdomæne har 3 til 32');
		const changed = await call(
			routes.change,
			`/api/services/${id}/subdomain`,
			{ subdomain: 'Ice-Craft' },
			bearer,
			{ id },
		);
		expect(changed).toEqual({
			status: 200,
			body: { label: 'ice-craft', address: `ice-craft.${zone}:${port}`, dns: 'published' },
		});
		expect(lookUpEmbedded(dnsFile, `frost-craft.${zone}`, 'CNAME')).toEqual([]);
		expect(lookUpEmbedded(dnsFile, `_minecraft._tcp.frost-craft.${zone}`, 'SRV')).toEqual([]);
		expect(lookUpEmbedded(dnsFile, `_minecraft._tcp.ice-craft.${zone}`, 'SRV')).toHaveLength(1);
		// The old label is free again.
		expect(
			(await call(routes.check, '/api/subdomains/check', { subdomain: 'frost-craft' })).status,
		).toBe(200);

		// DNS down: the label is still changed and kept, the state says failed, the run retries.
		Object.assign(process.env, { DNS_PROVIDER: 'powerdns' });
		const down = await call(
			routes.change,
			`/api/services/${id}/subdomain`,
			{ subdomain: 'snow-craft' },
			bearer,
			{ id },
		);
		expect(down).toMatchObject({ status: 200, body: { label: 'snow-craft', dns: 'failed' } });
		expect((await row()).status).toBe('active');
		Object.assign(process.env, { DNS_PROVIDER: '' });
		expect(await subdomains.syncOwedSubdomains(b.admin)).toEqual({ synced: 1, failed: 0 });
		expect((await row()).subdomain_dns).toBe('published');
		expect(lookUpEmbedded(dnsFile, `ice-craft.${zone}`, 'CNAME')).toEqual([]);
		expect(lookUpEmbedded(dnsFile, `snow-craft.${zone}`, 'CNAME')).toHaveLength(1);

		// The service ends: its records go and its label is free for someone else.
		const { data: ending } = await b.p.service
			.from('services')
			.select('id, panel_server_id, panel_identifier')
			.eq('id', id)
			.single();
		await moveService(b.admin, ending!, 'terminated', new Date());
		expect(await row()).toMatchObject({ status: 'terminated', subdomain_dns: 'removed' });
		expect(lookUpEmbedded(dnsFile, `snow-craft.${zone}`, 'CNAME')).toEqual([]);
		expect(lookUpEmbedded(dnsFile, `_minecraft._tcp.snow-craft.${zone}`, 'SRV')).toEqual([]);
		expect(await subdomains.subdomainRefusal(b.admin, 'snow-craft')).toBeNull();
	});
});
