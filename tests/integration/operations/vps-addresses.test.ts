import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startProductStack, type Personas } from '../data-model/personas.ts';

// `npm run vps:addresses` against the local stack with the demo seed (pool pve1: 203.0.113.10-249
// and 2001:db8:f05::10-ff; Frankfurt's pve2: 198.51.100.10-249 and 2001:db8:f06::10-ff): adding
// ranges to a new node (pve3, TEST-NET-1), listing, removing, and refusing bad input unchanged.

let p: Personas;
let dir: string;

beforeAll(async () => {
	p = await startProductStack();
	dir = await mkdtemp(join(tmpdir(), 'vps-addresses-'));
}, 60_000);

afterAll(async () => {
	await p.stack.stop();
	await rm(dir, { recursive: true, force: true });
});

/** The command as `npm run vps:addresses -- <args>` runs it, against the stack. */
function command(...args: string[]) {
	const jiti = resolve('node_modules/jiti/lib/jiti-cli.mjs');
	const env = {
		PATH: process.env.PATH ?? '',
		LOG_LEVEL: 'silent',
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	};
	const child = spawn(process.execPath, [jiti, resolve('scripts/vps-addresses.ts'), ...args], {
		cwd: dir,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
	child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
	return new Promise<{ code: number | null; out: string; err: string }>((done) =>
		child.on('exit', (code) => done({ code, out, err })),
	);
}

const poolSize = async () =>
	(await p.service.from('vps_addresses').select('id', { count: 'exact', head: true })).count;

describe('npm run vps:addresses', () => {
	it('lists the seeded pool per node and family', async () => {
		const listed = await command('--list');
		expect(listed.code).toBe(0);
		expect(JSON.parse(listed.out)).toEqual({
			pools: [
				{ node: 'pve1', family: 4, free: 240, held: 0, assigned: 0 },
				{ node: 'pve1', family: 6, free: 240, held: 0, assigned: 0 },
				{ node: 'pve2', family: 4, free: 240, held: 0, assigned: 0 },
				{ node: 'pve2', family: 6, free: 240, held: 0, assigned: 0 },
			],
			assigned: [],
			held: [],
		});
	});

	it('adds an IPv4 and an IPv6 range to a new node, listed apart', async () => {
		const v4 = await command(
			...['--add', 'pve3', '--from', '192.0.2.20', '--to', '192.0.2.29'],
			...['--prefix', '24', '--gateway', '192.0.2.1'],
		);
		expect(v4.err).toBe('');
		expect(JSON.parse(v4.out)).toMatchObject({ added: 10, first: '192.0.2.20' });
		const v6 = await command(
			...['--add', 'pve3', '--from', '2001:db8:2::a', '--to', '2001:db8:2::f'],
			...['--prefix', '64', '--gateway', '2001:db8:2::1'],
		);
		expect(JSON.parse(v6.out)).toMatchObject({ added: 6, last: '2001:db8:2::f' });
		const listed = JSON.parse((await command('--list', 'pve3')).out) as { pools: unknown[] };
		expect(listed.pools).toEqual([
			{ node: 'pve3', family: 4, free: 10, held: 0, assigned: 0 },
			{ node: 'pve3', family: 6, free: 6, held: 0, assigned: 0 },
		]);
		const { data } = await p.service
			.from('vps_addresses')
			.select('prefix, gateway')
			.eq('address', '2001:db8:2::c')
			.single();
		expect(data).toEqual({ prefix: 64, gateway: '2001:db8:2::1' });
	});

	it('refuses bad input and a range overlapping the pool, changing nothing', async () => {
		const before = await poolSize();
		const bad = await command(
			...['--add', 'pve3', '--from', '192.0.2.30', '--to', '192.0.2.40'],
			...['--prefix', '24', '--gateway', '192.0.2.35'],
		);
		expect(bad).toMatchObject({ code: 2, out: '' });
		expect(bad.err).toMatch(/^--gateway: 192\.0\.2\.35 is inside the range/);
		const half = await command('--add', 'pve3', '--from', '192.0.2.30');
		expect(half.code).toBe(2);
		expect(half.err).toMatch(/^--add needs --to, --prefix, --gateway/);
		// 192.0.2.25 is in the pool already: the whole range is refused, 30-31 not added either.
		const overlap = await command(
			...['--add', 'pve3', '--from', '192.0.2.25', '--to', '192.0.2.31'],
			...['--prefix', '24', '--gateway', '192.0.2.1'],
		);
		expect(overlap.code).toBe(1);
		expect(overlap.err).toMatch(/^--add: 192\.0\.2\.25 is already in the pool; nothing was added/);
		expect((await command('--list', '--remove', '203.0.113.10')).code).toBe(2);
		expect(await poolSize()).toBe(before);
	});

	it('removes a free address and refuses one a service holds', async () => {
		const removed = await command('--remove', '192.0.2.29');
		expect(removed).toMatchObject({ code: 0, err: '' });
		expect((await command('--remove', '192.0.2.29')).err).toMatch(/is not in the pool/);
		expect((await command('--remove', 'pve1')).code).toBe(2);

		const { data: service } = await p.service
			.from('services')
			.select('id')
			.eq('user_id', demo.id)
			.eq('status', 'active')
			.limit(1)
			.single();
		await p.service
			.from('vps_addresses')
			.update({ service_id: service!.id, assigned_at: new Date().toISOString() })
			.eq('address', '192.0.2.28');
		const held = await command('--remove', '192.0.2.28');
		expect(held.code).toBe(1);
		expect(held.err).toContain(`192.0.2.28 is assigned to service ${service!.id}`);
		const listed = JSON.parse((await command('--list', 'pve3')).out) as {
			assigned: { address: string; serviceId: string }[];
		};
		expect(listed.assigned).toEqual([
			expect.objectContaining({ address: '192.0.2.28', serviceId: service!.id }),
		]);
	});

	it('lists what unpaid orders hold apart, until their payment page runs out, then as free', async () => {
		const { data: placed, error } = await p.service.rpc('place_order', {
			customer: demo.id,
			idempotency_key: `addresses-held-${Date.now()}`,
			service: {
				product_type: 'vps',
				location: 'oslo',
				plan_id: 'vps-premium',
				tier: 'premium',
				ram_gb: 2,
				storage_gb: 20,
				billing_cycle: 'monthly',
				vps: { image: 'debian-12', hostname: 'held', ssh_keys: [], cores: 1, nodes: ['pve1'] },
			},
			amounts: { currency: 'EUR', subtotal: 500, discount: 0, tax_rate: 25, tax: 125, total: 625 },
			billing: {
				name: 'Demo Kunde',
				address: 'Gate 1',
				postcode: '0150',
				city: 'Oslo',
				country: 'NO',
			},
			description: 'VPS',
			line: { kind: 'plan', plan: 'vps-premium', tier: 'premium', ramGb: 2, cycle: 'monthly' },
			payment_method: 'card',
		});
		if (error) throw error;
		const serviceId = (placed as { service_id: string }).service_id;
		const { data: row } = await p.service
			.from('services')
			.select('held_until')
			.eq('id', serviceId)
			.single();
		const { data: taken } = await p.service
			.from('vps_addresses')
			.select('address')
			.eq('service_id', serviceId)
			.eq('family', 4)
			.single();
		const address = String(taken!.address).replace(/\/\d+$/, '');

		const listed = JSON.parse((await command('--list', 'pve1')).out) as PoolList;
		expect(listed.pools).toEqual([
			{ node: 'pve1', family: 4, free: 239, held: 1, assigned: 0 },
			{ node: 'pve1', family: 6, free: 239, held: 1, assigned: 0 },
		]);
		expect(listed.held).toContainEqual({
			node: 'pve1',
			address,
			serviceId,
			until: row!.held_until,
		});
		const refused = await command('--remove', address);
		expect(refused.code).toBe(1);
		expect(refused.err).toContain(`${address} is held by the unpaid order of service ${serviceId}`);

		// The page ran out: the order holds nothing, whether or not another order came by yet.
		await p.service
			.from('services')
			.update({ held_until: new Date(Date.now() - 60_000).toISOString() })
			.eq('id', serviceId);
		const lapsed = JSON.parse((await command('--list', 'pve1')).out) as PoolList;
		expect(lapsed.pools[0]).toEqual({ node: 'pve1', family: 4, free: 240, held: 0, assigned: 0 });
		expect(lapsed.held).toEqual([]);
	});
});

interface PoolList {
	pools: { node: string; family: number; free: number; held: number; assigned: number }[];
	held: { node: string; address: string; serviceId: string; until: string }[];
}
