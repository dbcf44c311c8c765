import { isIP } from 'node:net';
import { z } from 'zod';
import { productTypeSchema, type ProductType } from '../../lib/domain/product';
import { locationIdSchema } from '../../lib/domain/location';
import { serviceEventSchema } from '../../lib/domain/service-event';
import { serviceCreditBalance } from '../billing/service-credit';
import type { PageSize } from '../../lib/panel/invoice-view';
import type { ServerDetail, ServerPage, ServerSoftware } from '../../lib/panel/types';
import { suspensionOf } from '../../lib/panel/suspension';
import { subdomainDnsStateSchema } from '../../lib/subdomain';
import { isUuid } from '../../lib/uuid';
import { moneyBackOffer } from '../billing/refund/money-back-offer';
import { refOf } from '../billing/panel-steps';
import { getGamePanel } from '../game-panel';
import { invoiceRow } from '../invoices/rows';
import type { CustomerClient } from '../supabase/customer-client';
import { getDns } from '../dns';
import { parseAddress } from '../dns/records';
import { liveStatus } from './live';
import { serverRow, serviceListColumns } from './rows';

/** An activity entry's details (jsonb): an object, or nothing to show. */
const activityDetail = z.record(z.string(), z.unknown());

// The panel's server reads, as the customer (row-level security applies). Live state comes from
// the game panel, asked in parallel and given up on after a moment.

/**
 * One page of the customer's servers of one kind (Game servers and VPS are lists of their own),
 * newest first; ended ones (terminated) are left out.
 */
export async function listServers(
	client: CustomerClient,
	userId: string,
	view: { per: PageSize; page: number },
	kind: ProductType,
): Promise<ServerPage> {
	let query = client
		.from('services')
		.select(serviceListColumns, { count: 'exact' })
		.eq('user_id', userId)
		.eq('product_type', kind)
		.neq('status', 'terminated')
		.order('created_at', { ascending: false })
		.order('id');
	if (view.per !== 'all') query = query.range((view.page - 1) * view.per, view.page * view.per - 1);
	const { data, count, error } = await query;
	// Past the end of the list (a stale link): the first page rather than an error.
	if (error?.code === 'PGRST103' && view.page > 1)
		return listServers(client, userId, { ...view, page: 1 }, kind);
	if (error) throw new Error(`services: ${error.message}`);
	const live = await Promise.all(data.map(liveStatus));
	return {
		rows: data.map((service, i) => serverRow(service, live[i]?.state ?? null)),
		total: count ?? 0,
		page: view.page,
	};
}

const detailColumns = `${serviceListColumns}, storage_gb, location, panel_address, panel_url,
	modpack_installation, ddos_protection, daily_backups, subdomain, subdomain_extra, subdomain_dns,
	billing_cycle, currency,
	recurring_amount, current_period_start, daily_restart_at, daily_backup_at, suspended_by, suspension_reason,
	service_activity(event, detail, created_at)`;

/** The server's subdomain as the page shows it: `label.<zone>:port` beside the raw address. */
function subdomainOf(s: {
	subdomain: string | null;
	subdomain_dns: string | null;
	panel_address: string | null;
}): ServerDetail['subdomain'] {
	if (!s.subdomain) return null;
	const name = `${s.subdomain}.${getDns().zone}`;
	const port = parseAddress(s.panel_address)?.port;
	return {
		label: s.subdomain,
		name,
		address: port ? `${name}:${port}` : null,
		dns: subdomainDnsStateSchema.nullable().parse(s.subdomain_dns),
	};
}

/**
 * A server with its subscription, live state, activity (newest first) and its invoices. A
 * Minecraft server's software is its own feature's read (`src/server/minecraft-software`): the
 * route adds it.
 */
export async function serverDetail(
	client: CustomerClient,
	userId: string,
	serviceId: string,
	now = new Date(),
): Promise<Omit<ServerDetail, keyof ServerSoftware | 'locationName'> | null> {
	if (!isUuid(serviceId)) return null;
	const [service, invoices] = await Promise.all([
		client
			.from('services')
			.select(detailColumns)
			.eq('id', serviceId)
			.eq('user_id', userId)
			.order('created_at', { referencedTable: 'service_activity', ascending: false })
			.limit(50, { referencedTable: 'service_activity' })
			.maybeSingle(),
		client
			.from('invoice_list')
			.select('*')
			.eq('service_id', serviceId)
			.eq('user_id', userId)
			.order('issued_at', { ascending: false })
			.limit(20),
	]);
	if (service.error) throw new Error(`service ${serviceId}: ${service.error.message}`);
	if (invoices.error) throw new Error(`invoices of ${serviceId}: ${invoices.error.message}`);
	const s = service.data;
	if (!s) return null;
	const [live, moneyBack, credit] = await Promise.all([
		liveStatus(s),
		moneyBackOffer(client, userId, serviceId, now),
		serviceCreditBalance(client, serviceId),
	]);
	const ref = refOf(s);
	const activity = s.service_activity.map((entry) => ({
		event: serviceEventSchema.parse(entry.event),
		at: entry.created_at,
		detail: activityDetail.safeParse(entry.detail).data ?? {},
	}));
	const row = serverRow(s, live?.state ?? null);
	// Every invoice here is this server's: named as the server is.
	const rows = invoices.data.map(invoiceRow).map((invoice) => ({
		...invoice,
		service: invoice.service && { ...invoice.service, hostname: row.hostname },
	}));
	const host = parseAddress(s.panel_address)?.host;
	return {
		...row,
		storageGb: s.storage_gb,
		location: locationIdSchema.parse(s.location),
		address: s.panel_address,
		addressKind: host ? (isIP(host) ? 'ip' : 'host') : null,
		extras: {
			modpackInstallation: s.modpack_installation,
			ddosProtection: s.ddos_protection,
			dailyBackups: s.daily_backups,
			subdomain: s.subdomain,
			subdomainExtra: s.subdomain_extra,
		},
		subdomain: subdomainOf(s),
		subscription: {
			cycle: s.billing_cycle,
			currency: s.currency,
			recurringAmount: Number(s.recurring_amount),
			periodStart: s.current_period_start,
			periodEnd: s.current_period_end,
			credit,
		},
		dailyRestartAt: s.daily_restart_at?.slice(0, 5) ?? null,
		dailyBackupAt: s.daily_backup_at?.slice(0, 5) ?? null,
		panelUrl: s.panel_url || (ref ? getGamePanel().panelUrl(ref) : null),
		onPanel: ref !== null,
		live,
		activity,
		invoices: rows,
		moneyBack,
		suspension: suspensionOf(s.status, rows, activity),
		staffSuspension:
			s.status === 'suspended' && s.suspended_by === 'staff' ? s.suspension_reason : null,
	};
}

/**
 * Which kind of server the customer's id is, for a page of the other kind to send it to its own,
 * and its game (a game server's tabs differ by game); null for anyone else's, a missing or a
 * malformed id (their pages answer "not found").
 */
export async function serviceKindAndGame(
	client: CustomerClient,
	userId: string,
	serviceId: string,
): Promise<{ kind: ProductType; game: string | null } | null> {
	if (!isUuid(serviceId)) return null;
	const { data, error } = await client
		.from('services')
		.select('product_type, game')
		.eq('id', serviceId)
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	return data ? { kind: productTypeSchema.parse(data.product_type), game: data.game } : null;
}

export async function serviceKind(
	client: CustomerClient,
	userId: string,
	serviceId: string,
): Promise<ProductType | null> {
	return (await serviceKindAndGame(client, userId, serviceId))?.kind ?? null;
}

/** The live state alone, for a page that follows it while open; null when not the customer's. */
export async function serverLive(client: CustomerClient, userId: string, serviceId: string) {
	if (!isUuid(serviceId)) return null;
	const { data, error } = await client
		.from('services')
		.select('status, panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	return data ? { status: data.status, live: await liveStatus(data) } : null;
}
