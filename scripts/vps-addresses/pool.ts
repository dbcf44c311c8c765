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
	services: z.object({ status: z.string(), held_until: z.string().nullable() }).nullable(),
});

type Row = z.infer<typeof rowSchema>;

/**
 * Who has an address now: nobody (free), an unpaid order while its payment page is open (held,
 * until then), or a paid service (assigned). An unpaid order whose page ran out holds nothing:
 * the next order or payment takes its address (supabase/migrations/20261206120000_unpaid_holds.sql).
 */
function holderOf(row: Row, now: number): 'free' | 'held' | 'assigned' {
	if (!row.service_id) return 'free';
	if (row.services?.status !== 'pending_payment') return 'assigned';
	const until = row.services.held_until;
	return until && Date.parse(until) > now ? 'held' : 'free';
}

export interface PoolSummary {
	pools: { node: string; family: 4 | 6; free: number; held: number; assigned: number }[];
	assigned: { node: string; address: string; serviceId: string; status: string; since: string }[];
	/** Addresses unpaid orders hold until their payment page runs out. */
	held: { node: string; address: string; serviceId: string; until: string }[];
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

/** Free, held and assigned counts per node and family, and which service has which address. */
export async function listPool(
	admin: AdminClient,
	node?: string,
	now = Date.now(),
): Promise<PoolSummary> {
	const rows: Row[] = [];
	const page = 1000;
	for (let from = 0; ; from += page) {
		let query = admin
			.from('vps_addresses')
			.select('node, family, address, service_id, assigned_at, services(status, held_until)')
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
	const summary: PoolSummary = { pools: [], assigned: [], held: [] };
	for (const row of rows) {
		const key = `${row.node}/${row.family}`;
		const pool = pools.get(key) ?? {
			node: row.node,
			family: row.family,
			free: 0,
			held: 0,
			assigned: 0,
		};
		pools.set(key, pool);
		const holder = holderOf(row, now);
		pool[holder] += 1;
		const { node: at, address } = row;
		if (holder === 'held')
			summary.held.push({
				node: at,
				address,
				serviceId: row.service_id!,
				until: row.services!.held_until!,
			});
		if (holder === 'assigned')
			summary.assigned.push({
				node: at,
				address,
				serviceId: row.service_id!,
				status: row.services?.status ?? 'unknown',
				since: row.assigned_at ?? '',
			});
	}
	return { ...summary, pools: [...pools.values()] };
}

/** Takes a free address out of the pool; a message when it is not there or a service holds it. */
export async function removeAddress(admin: AdminClient, address: string): Promise<true | string> {
	if (!familyOf(address)) return `--remove: "${address}" is not an IP address`;
	// An unpaid order whose payment page ran out holds nothing: let go of such holds first.
	const { error: releaseError } = await admin.rpc('release_lapsed_holds');
	if (releaseError) throw new Error(`release_lapsed_holds: ${releaseError.message}`);
	const { data, error } = await admin
		.from('vps_addresses')
		.select('service_id, services(status, held_until)')
		.eq('address', address)
		.maybeSingle();
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	if (!data) return `--remove: ${address} is not in the pool`;
	if (data.service_id && data.services?.status === 'pending_payment')
		return `--remove: ${address} is held by the unpaid order of service ${data.service_id} until ${data.services.held_until ?? 'now'}; it returns to the pool then unless paid`;
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
