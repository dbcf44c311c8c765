import { z } from 'zod';
import { currencySchema } from '../../../lib/domain/currency';
import { findGame } from '../../../lib/games';
import { serviceStatuses } from '../../../lib/domain/service-status';
import { locationIdSchema } from '../../../lib/domain/location';
import { isUuid } from '../../../lib/uuid';
import { stalledAfterMinutes } from '../../provisioning/resume-provisioning';
import type { AdminClient } from '../../supabase/admin-client';
import { staffServiceColumns, staffServiceSchema, type StaffService } from './service-row';

/** The list's filters: a state, servers stuck in set-up, or all of them. */
export const serviceFilters = ['all', 'stuck', ...serviceStatuses] as const;
export type ServiceFilter = (typeof serviceFilters)[number];
export const serviceFilterSchema = z.enum(serviceFilters).catch('all');

const listFields = staffServiceSchema.extend({
	plan_id: z.string(),
	label: z.string(),
	game: z.string().nullable(),
	panel_address: z.string().nullable(),
	subdomain: z.string().nullable(),
	location: locationIdSchema,
	vps_machines: z.object({ hostname: z.string() }).nullable(),
	// inet as PostgREST gives it: `203.0.113.10/32` (a host address may print without its mask).
	vps_addresses: z.array(z.object({ family: z.number(), address: z.string() })),
});
const listRow = listFields.transform((row) => ({ ...row, ...serviceShown(row) }));
export type StaffServiceRow = z.infer<typeof listRow> & StaffService;

const listColumns = `${staffServiceColumns}, plan_id, label, game, panel_address, subdomain, location, vps_machines(hostname), vps_addresses(family, address)`;

/**
 * What the console calls a server and where it is: a VPS by its hostname at its IPv4 and IPv6
 * addresses (from the pool); a game server by the customer's label (else its game) at its
 * subdomain or the panel's address. The plan id is never a name.
 */
function serviceShown(row: {
	product_type: string;
	label: string;
	game: string | null;
	plan_id: string;
	panel_address: string | null;
	subdomain: string | null;
	vps_machines: { hostname: string } | null;
	vps_addresses: { family: number; address: string }[];
}): { name: string; address: string | null } {
	if (row.product_type === 'vps') {
		const addresses = [...row.vps_addresses]
			.sort((a, b) => a.family - b.family)
			.map((held) => held.address.replace(/\/\d+$/, ''));
		return {
			name: row.vps_machines?.hostname || row.label || row.plan_id,
			address: addresses.join(', ') || null,
		};
	}
	return {
		name: row.label || findGame(row.game ?? '')?.name || row.plan_id,
		address: row.subdomain ?? row.panel_address,
	};
}

/** Characters that would change a PostgREST filter: a search is matched as plain text. */
const plain = (text: string) => text.replace(/[^\p{L}\p{N} .:_-]/gu, '').slice(0, 80);

/** The services of VPS machines whose hostname contains the search (`like` is a pattern). */
async function vpsWithHostname(admin: AdminClient, like: string): Promise<string[]> {
	const { data, error } = await admin
		.from('vps_machines')
		.select('service_id')
		.ilike('hostname', like)
		.limit(100);
	if (error) throw new Error(`vps_machines: ${error.message}`);
	return z
		.array(z.object({ service_id: z.string() }))
		.parse(data)
		.map((row) => row.service_id);
}

/**
 * Servers for the console's list, newest first: by state, stuck in set-up (given up, or quiet
 * longer than an install takes), and by id or a piece of its name, address or subdomain.
 */
export async function listServices(
	admin: AdminClient,
	options: { filter: ServiceFilter; search: string; now?: Date },
): Promise<StaffServiceRow[]> {
	let query = admin
		.from('services')
		.select(listColumns)
		.order('created_at', { ascending: false })
		.limit(100);
	const search = options.search.trim();
	if (isUuid(search)) query = query.eq('id', search);
	else if (plain(search)) {
		const like = `%${plain(search)}%`;
		const machines = await vpsWithHostname(admin, like);
		const byHost = machines.length ? `,id.in.(${machines.join(',')})` : '';
		query = query.or(
			`label.ilike."${like}",panel_address.ilike."${like}",subdomain.ilike."${like}"${byHost}`,
		);
	}
	if (options.filter === 'stuck') {
		const quietSince = new Date(
			(options.now ?? new Date()).getTime() - stalledAfterMinutes * 60_000,
		).toISOString();
		query = query
			.eq('status', 'provisioning')
			.or(`provisioning_error.not.is.null,updated_at.lt.${quietSince}`);
	} else if (options.filter !== 'all') query = query.eq('status', options.filter);
	const { data, error } = await query;
	if (error) throw new Error(`services: ${error.message}`);
	return z.array(listRow).parse(data);
}

const detailRow = listFields
	.extend({
		tier: z.string(),
		billing_cycle: z.string(),
		currency: currencySchema,
		recurring_amount: z.coerce.number(),
		cancellation_reason: z.string().nullable(),
		created_at: z.string(),
	})
	.transform((row) => ({ ...row, ...serviceShown(row) }));
export type StaffServiceDetail = z.infer<typeof detailRow> & { email: string | null };

/** One server's facts for its console page, with its owner's address; null when unknown. */
export async function serviceDetail(
	admin: AdminClient,
	id: string,
): Promise<StaffServiceDetail | null> {
	if (!isUuid(id)) return null;
	const { data, error } = await admin
		.from('services')
		.select(
			`${listColumns}, tier, billing_cycle, currency, recurring_amount, cancellation_reason, created_at`,
		)
		.eq('id', id)
		.maybeSingle();
	if (error) throw new Error(`services ${id}: ${error.message}`);
	if (!data) return null;
	const service = detailRow.parse(data);
	const { data: owner } = await admin.auth.admin.getUserById(service.user_id);
	return { ...service, email: owner.user?.email ?? null };
}
