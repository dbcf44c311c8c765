import type { APIContext, APIRoute } from 'astro';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpEmbedded } from '../../../src/server/dns/embedded.ts';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as QueriesModule from '../../../src/server/orders/queries.ts';
import type * as VpsQueriesModule from '../../../src/server/vps-panel/queries.ts';
import type * as HostStepsModule from '../../../src/server/billing/host-steps.ts';
import type * as SubdomainModule from '../../../src/server/subdomains/subdomain.ts';
import type * as DnsModule from '../../../src/server/dns/index.ts';
import { subdomainKeys } from '../../../src/server/dns/records.ts';
import type * as LifecycleModule from '../../../src/server/http/lifecycle.ts';
import { messages } from '../local-stack/helpers.ts';
import { origin, startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 38 item 7: the "Your own subdomain" extra could be bought with a VPS, was charged, and
// nothing was ever published for it. Now a VPS with the extra gets `label.<zone>` as A and AAAA
// records for its pool addresses, published when it is provisioned, moved when the customer
// changes the label, removed when it ends, and shown on the order page, in the ready mail and
// on the VPS page.

const gatewaySecret = 'vps-subdomain-gateway-secret-0123456789abcdef';
const zone = 'play.frostnode.example';
const folder = mkdtempSync(join(tmpdir(), 'vps-subdomain-'));
const dnsFile = join(folder, 'dns.json');
let b: BillingStack;
let owner: User;
let bearer: string;
let checkout: APIRoute;
let change: APIRoute;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let orderStatus: typeof QueriesModule.orderStatus;
let vpsFacts: typeof VpsQueriesModule.vpsFacts;
let moveService: typeof HostStepsModule.moveService;
let lifecycle: typeof LifecycleModule;
let subdomains: typeof SubdomainModule;
let dns: typeof DnsModule;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: gatewaySecret,
		HYPERVISOR_SIM_FILE: join(folder, 'machines.json'),
		HYPERVISOR_SIM_DELAY_MS: '0',
		DNS_PROVIDER: '',
		DNS_ZONE: '',
		DNS_EMBEDDED_FILE: dnsFile,
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
	});
	checkout = (await import('../../../src/pages/api/checkout.ts')).POST;
	change = (await import('../../../src/pages/api/services/[id]/subdomain.ts')).POST;
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ orderStatus } = await import('../../../src/server/orders/queries.ts'));
	({ vpsFacts } = await import('../../../src/server/vps-panel/queries.ts'));
	({ moveService } = await import('../../../src/server/billing/host-steps.ts'));
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	subdomains = await import('../../../src/server/subdomains/subdomain.ts');
	dns = await import('../../../src/server/dns/index.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
	const { data } = await b.p.owner.auth.getSession();
	bearer = data.session!.access_token;
}, 60_000);

afterAll(async () => {
	await b.stop();
	rmSync(folder, { recursive: true, force: true });
});

function post(route: APIRoute, path: string, body: unknown, params: Record<string, string> = {}) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	return route({
		request: new Request(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
			body: JSON.stringify(body),
		}),
		url,
		params,
		locals: { clientAddress: '203.0.113.77' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
}

/** A VPS with the subdomain extra, ordered through POST /api/checkout and paid on the test page. */
async function paidVpsWithSubdomain(label: string) {
	const ordered = await post(checkout, '/api/checkout', {
		item: {
			planId: 'vps-premium',
			ram: 2,
			storageGb: null,
			extras: ['subDomain'],
			subdomain: label,
			cycle: 'monthly',
			currency: 'EUR',
			vps: { image: 'debian-12', hostname: label },
			location: 'oslo',
		},
		billing: {
			name: 'Kari Nordmann',
			address: 'Storgata 1',
			postcode: '0155',
			city: 'Oslo',
			country: 'NO',
		},
		method: 'card',
		idempotencyKey: `vps-subdomain-${label}`,
		locale: 'en',
	});
	const body = (await ordered.json()) as { orderId: string; total: number; paymentUrl: string };
	expect(ordered.status, JSON.stringify(body)).toBe(201);
	const token = new URL(body.paymentUrl).searchParams.get('session')!;
	const signed = signTestWebhook(testWebhookFor(readTestSession(token, gatewaySecret)!, 'pay'), {
		secret: gatewaySecret,
	});
	const gateway = createTestGateway(gatewaySecret);
	const event = await gateway.parseWebhook(signed.rawBody, new Headers(signed.headers));
	await handlePaymentEvent(event, origin, gateway);
	// Provisioning runs after the webhook is answered; wait for it as a shutdown would.
	await lifecycle.backgroundSettled();
	const { data } = await b.p.service
		.from('orders')
		.select('service_id, services(status, subdomain, subdomain_dns, subdomain_extra)')
		.eq('id', body.orderId)
		.single();
	return { orderId: body.orderId, total: body.total, serviceId: data!.service_id!, row: data! };
}

async function addressesOf(serviceId: string) {
	const { data } = await b.p.service
		.from('vps_addresses')
		.select('family, address')
		.eq('service_id', serviceId);
	const of = (family: number) =>
		String(data!.find((row) => row.family === family)?.address ?? '').replace(/\/\d+$/, '');
	return { ipv4: of(4), ipv6: of(6) };
}

const records = (name: string) => ({
	a: lookUpEmbedded(dnsFile, name, 'A'),
	aaaa: lookUpEmbedded(dnsFile, name, 'AAAA'),
	cname: lookUpEmbedded(dnsFile, name, 'CNAME'),
});

describe('the subdomain extra on a VPS', () => {
	it('is charged, and delivered: A and AAAA for its addresses, on the order page, mail and VPS page', async () => {
		const label = `vm${Date.now().toString(36)}`;
		const name = `${label}.${zone}`;
		const paid = await paidVpsWithSubdomain(label);
		// The extra is charged: its invoice's line names it with its label.
		const { data: invoice } = await b.p.service
			.from('invoices')
			.select('status, invoice_items(line)')
			.eq('order_id', paid.orderId)
			.single();
		expect(invoice).toMatchObject({
			status: 'paid',
			invoice_items: [{ line: { extras: { subdomain: label } } }],
		});
		expect(paid.row.services).toMatchObject({
			status: 'active',
			subdomain: label,
			subdomain_extra: true,
			subdomain_dns: 'published',
		});
		const { ipv4, ipv6 } = await addressesOf(paid.serviceId);
		expect(ipv4).toMatch(/^203\.0\.113\.\d+$/);
		expect(records(name)).toEqual({ a: [ipv4], aaaa: [ipv6], cname: [] });

		const status = await orderStatus(b.admin, paid.orderId, owner.id);
		expect(status?.service.vps?.name).toBe(name);
		expect(status?.service.namePending).toBeUndefined();
		// Running a moment before its name is published: the order page is told to keep following.
		await b.p.service
			.from('services')
			.update({ subdomain_dns: 'pending' })
			.eq('id', paid.serviceId);
		const publishing = await orderStatus(b.admin, paid.orderId, owner.id);
		expect(publishing?.service).toMatchObject({ status: 'active', namePending: true });
		expect(publishing?.service.vps?.name).toBeNull();
		await b.p.service
			.from('services')
			.update({ subdomain_dns: 'published' })
			.eq('id', paid.serviceId);
		const facts = await vpsFacts(b.admin, owner, paid.serviceId);
		expect(facts?.subdomain).toEqual({ label, name, dns: 'published' });
		const ready = (await messages(b.p.stack)).find((m) => m.subject.includes(label));
		expect(ready?.text).toContain(name);

		// The customer moves it from the VPS page: the old name goes, the new one points at the VPS.
		const moved = `${label}x`;
		const answer = await post(
			change,
			`/api/services/${paid.serviceId}/subdomain`,
			{ subdomain: moved, locale: 'en' },
			{ id: paid.serviceId },
		);
		expect(answer.status).toBe(200);
		expect(await answer.json()).toMatchObject({ label: moved, dns: 'published' });
		expect(records(name)).toEqual({ a: [], aaaa: [], cname: [] });
		expect(records(`${moved}.${zone}`)).toEqual({ a: [ipv4], aaaa: [ipv6], cname: [] });

		// A DNS outage lost the records: the billing run's sweep publishes them again.
		await dns.getDns().change({ remove: subdomainKeys(moved, zone) });
		await b.p.service.from('services').update({ subdomain_dns: 'failed' }).eq('id', paid.serviceId);
		expect(records(`${moved}.${zone}`).a).toEqual([]);
		const swept = await subdomains.syncOwedSubdomains(b.admin);
		expect(swept.synced).toBeGreaterThanOrEqual(1);
		expect(records(`${moved}.${zone}`)).toEqual({ a: [ipv4], aaaa: [ipv6], cname: [] });

		// Ended: its addresses go back to the pool, its name out of DNS.
		const ended = await moveService(
			b.admin,
			{ id: paid.serviceId, panel_server_id: null, panel_identifier: null },
			'terminated',
			new Date(),
		);
		expect(ended).toBe(true);
		expect(records(`${moved}.${zone}`)).toEqual({ a: [], aaaa: [], cname: [] });
		const { data: after } = await b.p.service
			.from('services')
			.select('subdomain_dns, subdomain_dns_label')
			.eq('id', paid.serviceId)
			.single();
		expect(after).toEqual({ subdomain_dns: 'removed', subdomain_dns_label: null });
	});
});
