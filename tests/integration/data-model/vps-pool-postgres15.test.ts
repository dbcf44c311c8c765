import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../../../src/lib/policy.ts';
import { demo, other, staffMember } from './personas.ts';
import { startPostgres15, type Postgres15 } from './postgres15.ts';

// VPS orders in sessions of their own at once on a real PostgreSQL 15, each transaction held open
// after taking its addresses (PGlite runs one session, so only here do they truly overlap): the
// second never gets an address the first holds, neither waits for the other, and one account's
// orders at once never hold more than its share of unpaid orders (issue 38).

const root = new URL('../../../supabase/', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, root)), 'utf8');

let pg: Postgres15;
beforeAll(() => {
	pg = startPostgres15();
	pg.psql(read('local/db/roles.sql'));
	pg.psql(read('local/db/bootstrap.sql'));
	pg.psql(read('local/db/auth-mfa.sql'));
	for (const file of readdirSync(fileURLToPath(new URL('migrations/', root))).sort())
		if (file.endsWith('.sql')) pg.psql(read(`migrations/${file}`));
	pg.psql(read('seed.sql'));
}, 120_000);
afterAll(() => pg?.stop());

/** One order in its own transaction, kept open a moment after place_order took the addresses. */
const order = (customer: string, key: string) =>
	pg.psqlAsync(`
		select public.place_order(
			customer => '${customer}', idempotency_key => '${key}',
			service => '{"product_type":"vps","plan_id":"vps-premium","tier":"premium","ram_gb":2,"storage_gb":20,"billing_cycle":"monthly","location":"oslo","vps":{"image":"debian-12","hostname":"${key}","ssh_keys":[],"cores":1,"nodes":["pve1"]}}',
			amounts => '{"currency":"EUR","subtotal":500,"discount":0,"tax_rate":25,"tax":125,"total":625}',
			billing => '{"name":"Demo Kunde","address":"Gate 1","postcode":"0150","city":"Oslo","country":"NO"}',
			description => 'VPS', payment_method => 'card',
			line => '{"kind":"plan","plan":"vps-premium","tier":"premium","ramGb":2,"cycle":"monthly"}') ->> 'service_id';
		select pg_sleep(0.5);
	`);

describe('VPS orders in concurrent sessions on PostgreSQL 15', () => {
	it('never give one address to two machines', async () => {
		// Two unpaid orders per account: the most one account may hold.
		const accounts = [demo.id, other.id, staffMember.id];
		const placed = await Promise.all(
			Array.from({ length: 6 }, (_, i) => order(accounts[i % 3]!, `pg15-vps-${i}`)),
		);
		const services = placed.map((out) => out.trim().split('\n')[0]);
		expect(new Set(services).size).toBe(6);
		const held = pg
			.psql(
				`select family, count(*), count(distinct address) from public.vps_addresses
					where service_id in (${services.map((id) => `'${id}'`).join(',')})
					group by family order by family`,
			)
			.trim();
		expect(held.split('\n')).toEqual(['4|6|6', '6|6|6']);
	});

	it('never let one account hold more unpaid VPS orders than allowed, however many come at once', async () => {
		const customer = '7c0ffee0-0000-4000-8000-000000000038';
		pg.psql(`insert into auth.users (id, instance_id, aud, role, email)
			values ('${customer}', '00000000-0000-0000-0000-000000000000', 'authenticated',
				'authenticated', 'race@frostnode.example')`);
		const tries = policy.unpaidVpsOrdersPerAccount + 2;
		const outcomes = await Promise.allSettled(
			Array.from({ length: tries }, (_, i) => order(customer, `pg15-race-${i}`)),
		);
		const placed = outcomes.filter((o) => o.status === 'fulfilled');
		const refused = outcomes.filter((o) => o.status === 'rejected');
		expect(placed).toHaveLength(policy.unpaidVpsOrdersPerAccount);
		for (const o of refused) expect(String(o.reason)).toMatch(/vps_unpaid_orders/);
		const held = pg
			.psql(
				`select count(*) from public.services s join public.vps_addresses a on a.service_id = s.id
					where s.user_id = '${customer}' and a.family = 4`,
			)
			.trim();
		expect(held).toBe(String(policy.unpaidVpsOrdersPerAccount));
	});
});
