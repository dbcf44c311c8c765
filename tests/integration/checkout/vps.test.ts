import type { APIContext, APIRoute } from 'astro';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import { clientFor } from '../local-stack/helpers.ts';
import { demo } from '../data-model/personas.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { ed25519PublicKey } from '../../ssh-public-key.ts';

// Issue 29: a VPS is ordered with its image, hostname and sign-in (item.vps in POST /api/checkout).
// A bad choice is refused with its own code in the customer's language and writes nothing; a good
// one places the machine (a VMID from 10000, addresses from the node's pool) in the order's
// transaction; with no free IPv4 left the order is refused before anyone pays.

let b: BillingStack;
let owner: User;
let checkout: APIRoute;
let bearer: string;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	Object.assign(process.env, {
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: 'vps-gateway-secret-0123456789abcdef',
	});
	checkout = (await import('../../../src/pages/api/checkout.ts')).POST;
	owner = (await b.p.owner.auth.getUser()).data.user!;
	const { data, error } = await clientFor(b.p.stack).auth.signInWithPassword({
		email: owner.email!,
		password: demo.password,
	});
	if (error) throw error;
	bearer = data.session.access_token;
}, 60_000);

afterAll(() => b.stop());

let serial = 0;
function vpsOrder(vps: unknown, { ram = 2, locale = 'en' } = {}) {
	return {
		item: {
			planId: 'vps-premium',
			ram,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
			currency: 'EUR',
			vps,
			// Oslo's node pve1 and its pool (Frankfurt's is tests/integration/checkout/location.test.ts).
			location: 'oslo',
		},
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		method: 'card',
		idempotencyKey: `vps-order-${++serial}-${Date.now()}`,
		locale,
	};
}

async function order(body: unknown) {
	const url = new URL('/api/checkout', 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
		body: JSON.stringify(body),
	});
	const response = await checkout({
		request,
		url,
		params: {},
		locals: { clientAddress: '203.0.113.29' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	return {
		status: response.status,
		body: (await response.json()) as Record<string, unknown> & {
			error?: { code: string; message: string };
		},
	};
}

/** What an order writes: orders, services, machines and taken addresses. */
async function written() {
	const count = async (table: string, filter?: (q: never) => unknown) => {
		let query = b.p.service.from(table).select('*', { count: 'exact', head: true });
		if (filter) query = filter(query as never) as typeof query;
		return (await query).count;
	};
	return {
		orders: await count('orders'),
		services: await count('services'),
		machines: await count('vps_machines'),
		taken: await count('vps_addresses', (q: { not: (c: string, o: string, v: null) => unknown }) =>
			q.not('service_id', 'is', null),
		),
	};
}

const key = ed25519PublicKey();

describe('checkout with item.vps', () => {
	it('refuses each bad choice with its code, in English and German, and writes nothing', async () => {
		const before = await written();
		const cases: [string, unknown, number?][] = [
			['vps_image_unknown', { image: 'arch-linux', hostname: 'web' }],
			['vps_image_unknown', undefined],
			['vps_image_ram', { image: 'windows-server-2022', hostname: 'win' }, 2],
			['vps_hostname_invalid', { image: 'debian-12', hostname: 'web.example.com' }],
			['vps_hostname_invalid', { image: 'debian-12', hostname: '-web' }],
			['vps_ssh_key_invalid', { image: 'debian-12', hostname: 'web', sshKeys: [key.slice(0, 60)] }],
			[
				'vps_ssh_key_invalid',
				{
					image: 'debian-12',
					hostname: 'web',
					sshKeys: Array.from({ length: 11 }, () => ed25519PublicKey()),
				},
			],
			[
				'vps_ssh_keys_windows',
				{ image: 'windows-server-2022', hostname: 'win', sshKeys: [key] },
				4,
			],
		];
		for (const [code, vps, ram] of cases) {
			for (const [locale, dictionary] of [
				['en', en],
				['de', de],
			] as const) {
				const answer = await order(vpsOrder(vps, { ram, locale }));
				expect(answer.status, `${code} ${JSON.stringify(vps)?.slice(0, 80)}`).toBe(422);
				expect(answer.body.error).toEqual({
					code,
					message: dictionary[`checkout.error.${code}` as keyof typeof dictionary],
				});
			}
		}
		expect(de['checkout.error.vps_image_ram']).not.toBe(en['checkout.error.vps_image_ram']);
		expect(await written()).toEqual(before);
	});

	it('places a Debian VPS with a key: a machine with a VMID from 10000 and pool addresses', async () => {
		const before = await written();
		const answer = await order(
			vpsOrder({ image: 'debian-12', hostname: ' Web-01 ', sshKeys: [key, ` ${key} `] }),
		);
		expect(answer.status).toBe(201);
		const { data: invoice } = await b.p.service
			.from('invoices')
			.select('service_id')
			.eq('id', answer.body.invoiceId as string)
			.single();
		const serviceId = invoice!.service_id!;
		const { data: machine } = await b.p.service
			.from('vps_machines')
			.select('node, vmid, image, hostname, ssh_keys, user_id')
			.eq('service_id', serviceId)
			.single();
		expect(machine).toMatchObject({
			node: 'pve1',
			image: 'debian-12',
			hostname: 'web-01',
			ssh_keys: [key],
			user_id: owner.id,
		});
		expect(machine!.vmid).toBeGreaterThanOrEqual(10_000);
		const { data: addresses } = await b.p.service
			.from('vps_addresses')
			.select('family, node')
			.eq('service_id', serviceId)
			.order('family');
		expect(addresses).toEqual([
			{ family: 4, node: 'pve1' },
			{ family: 6, node: 'pve1' },
		]);
		expect(await written()).toEqual({
			orders: before.orders! + 1,
			services: before.services! + 1,
			machines: before.machines! + 1,
			taken: before.taken! + 2,
		});
	});

	it('answers 409 location_full with Frankfurt when pve1 has no free IPv4, and writes nothing', async () => {
		const { data: free } = await b.p.service
			.from('vps_addresses')
			.delete()
			.eq('node', 'pve1')
			.eq('family', 4)
			.is('service_id', null)
			.select('node, family, address, prefix, gateway');
		expect(free!.length).toBeGreaterThan(0);
		try {
			const before = await written();
			const answer = await order(vpsOrder({ image: 'alma-9', hostname: 'db' }, { locale: 'de' }));
			expect(answer.status).toBe(409);
			expect(answer.body.error).toEqual({
				code: 'location_full',
				message: de['checkout.error.location_full'],
				available: ['frankfurt'],
			});
			expect(await written()).toEqual(before);
		} finally {
			await b.p.service.from('vps_addresses').insert(free!);
		}
	});
});
