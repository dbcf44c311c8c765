import { z } from 'zod';
import { currencySchema } from '../../../lib/domain/currency';
import { serviceStatuses } from '../../../lib/domain/service-status';
import { isUuid } from '../../../lib/uuid';
import { stalledAfterMinutes } from '../../provisioning/resume-provisioning';
import type { AdminClient } from '../../supabase/admin-client';
import { staffServiceColumns, staffServiceSchema, type StaffService } from './service-row';

/** The list's filters: a state, servers stuck in set-up, or all of them. */
export const serviceFilters = ['all', 'stuck', ...serviceStatuses] as const;
export type ServiceFilter = (typeof serviceFilters)[number];
export const serviceFilterSchema = z.enum(serviceFilters).catch('all');

const listRow = staffServiceSchema.extend({
	plan_id: z.string(),
	label: z.string(),
	panel_address: z.string().nullable(),
	subdomain: z.string().nullable(),
});
export type StaffServiceRow = z.infer<typeof listRow> & StaffService;

const listColumns = `${staffServiceColumns}, plan_id, label, panel_address, subdomain`;

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

const detailRow = listRow.extend({
	game: z.string().nullable(),
	tier: z.string(),
	billing_cycle: z.string(),
	currency: currencySchema,
	recurring_amount: z.coerce.number(),
	cancellation_reason: z.string().nullable(),
	created_at: z.string(),
});
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
			`${listColumns}, game, tier, billing_cycle, currency, recurring_amount, cancellation_reason, created_at`,
		)
		.eq('id', id)
		.maybeSingle();
	if (error) throw new Error(`services ${id}: ${error.message}`);
	if (!data) return null;
	const service = detailRow.parse(data);
	const { data: owner } = await admin.auth.admin.getUserById(service.user_id);
	return { ...service, email: owner.user?.email ?? null };
}
