import { z } from 'zod';
import type { AdminClient } from '../../src/server/supabase/admin-client.ts';
import { familyOf, parseRange, type PoolRange, type RangeInput } from './range.ts';

// The address pool (public.vps_addresses) as an operator changes it: a range added in one insert
// (all or nothing), what each node holds, and a free address taken out. An assigned address is
// never removed here: it goes back to the pool when its service ends (the database's trigger).

const rowSchema = z.object({
	node: z.string(),
	family: z.union([z.literal(4), z.literal(6)]),
	// PostgREST prints inet as text; a host address has no mask.
	address: z.string().transform((text) => text.replace(/\/\d+$/, '')),
	service_id: z.string().nullable(),
	assigned_at: z.string().nullable(),
	services: z.object({ status: z.string() }).nullable(),
});

export interface PoolSummary {
	pools: { node: string; family: 4 | 6; free: number; assigned: number }[];
	assigned: { node: string; address: string; serviceId: string; status: string; since: string }[];
}

/** Adds a checked range; a message naming the problem when it is refused (nothing is written). */
export async function addRange(
	admin: AdminClient,
	input: RangeInput,
): Promise<{ added: number; range: PoolRange } | string> {
	const range = parseRange(input);
	if (typeof range === 'string') return range;
	const { error } = await admin.from('vps_addresses').insert(
		range.addresses.map((address) => ({
			node: range.node,
			family: range.family,
			address,
			prefix: range.prefix,
			gateway: range.gateway,
		})),
	);
	if (error?.code === '23505') {
		const taken = /\(address\)=\(([^)]+)\)/.exec(error.details ?? '')?.[1] ?? 'an address';
		return `--add: ${taken.replace(/\/\d+$/, '')} is already in the pool; nothing was added`;
	}
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	return { added: range.addresses.length, range };
}

/** Free and assigned counts per node and family, and which service holds which address. */
export async function listPool(admin: AdminClient, node?: string): Promise<PoolSummary> {
	const rows: z.infer<typeof rowSchema>[] = [];
	const page = 1000;
	for (let from = 0; ; from += page) {
		let query = admin
			.from('vps_addresses')
			.select('node, family, address, service_id, assigned_at, services(status)')
			.order('node')
			.order('family')
			.order('address')
			.range(from, from + page - 1);
		if (node) query = query.eq('node', node);
		const { data, error } = await query;
		if (error) throw new Error(`vps_addresses: ${error.message}`);
		rows.push(...z.array(rowSchema).parse(data));
		if (data.length < page) break;
	}
	const pools = new Map<string, PoolSummary['pools'][number]>();
	const assigned: PoolSummary['assigned'] = [];
	for (const row of rows) {
		const key = `${row.node}/${row.family}`;
		const pool = pools.get(key) ?? { node: row.node, family: row.family, free: 0, assigned: 0 };
		pools.set(key, pool);
		if (!row.service_id) {
			pool.free += 1;
			continue;
		}
		pool.assigned += 1;
		assigned.push({
			node: row.node,
			address: row.address,
			serviceId: row.service_id,
			status: row.services?.status ?? 'unknown',
			since: row.assigned_at ?? '',
		});
	}
	return { pools: [...pools.values()], assigned };
}

/** Takes a free address out of the pool; a message when it is not there or a service holds it. */
export async function removeAddress(admin: AdminClient, address: string): Promise<true | string> {
	if (!familyOf(address)) return `--remove: "${address}" is not an IP address`;
	const { data, error } = await admin
		.from('vps_addresses')
		.select('service_id, services(status)')
		.eq('address', address)
		.maybeSingle();
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	if (!data) return `--remove: ${address} is not in the pool`;
	if (data.service_id)
		return `--remove: ${address} is assigned to service ${data.service_id} (${data.services?.status ?? 'unknown'}); it returns to the pool when that service ends`;
	const { data: removed, error: failed } = await admin
		.from('vps_addresses')
		.delete()
		.eq('address', address)
		.is('service_id', null)
		.select('id');
	if (failed) throw new Error(`vps_addresses: ${failed.message}`);
	// Assigned between the read and the delete: the order that took it keeps it.
	if (!removed.length)
		return `--remove: ${address} was just assigned to an order; nothing was removed`;
	return true;
}
