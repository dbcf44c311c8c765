import { endedStatuses } from '../../lib/domain/service-status';
import { normalizeSubdomain, subdomainProblem, type SubdomainProblem } from '../../lib/subdomain';
import { getDns, type DnsPort } from '../dns';
import type { RecordChange } from '../dns/types';
import { parseAddress, subdomainKeys } from '../dns/records';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { recordsFor } from './subdomain-target';

// Delivering the subdomain extra: the label a customer chose is kept on the service (unique among
// live services, services_live_subdomain), and its DNS records follow the service: published once
// the server has an address (a game server's on the panel, a VPS's pool addresses:
// subdomain-target.ts), replaced when the label changes, removed when the service ends. The
// database records the state (`subdomain_dns`) and which label is published, so a DNS outage never
// loses the server: the change is marked failed and the billing run's sweep tries again.

/**
 * Services that may hold a label: cancelled and terminated ones freed it, and an unpaid order
 * holds it only until its payment page runs out (`subdomain_held`, unpaid-holds.ts).
 */
export const liveStatuses = ['pending_payment', 'provisioning', 'active', 'suspended'];
/** Services whose label is in DNS: the ones with a server. */
const servedStatuses = ['provisioning', 'active', 'suspended'];

/**
 * The address players type: `label.<zone>:port` once the label's records are published, else the
 * server's own `host:port` (null before it has one).
 */
export function playerAddress(s: {
	subdomain: string | null;
	subdomain_dns: string | null;
	panel_address: string | null;
}): string | null {
	const port = parseAddress(s.panel_address)?.port;
	return s.subdomain && s.subdomain_dns === 'published' && port
		? `${s.subdomain}.${getDns().zone}:${port}`
		: s.panel_address;
}

/** A service's own name (`label.<zone>`) once its records are published; null otherwise. */
export async function publishedName(admin: AdminClient, serviceId: string): Promise<string | null> {
	const { data, error } = await admin
		.from('services')
		.select('subdomain, subdomain_dns')
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	return nameOf(data);
}

/** `label.<zone>` of a service whose records are published, else null. */
export function nameOf(
	s: { subdomain: string | null; subdomain_dns: string | null } | null,
): string | null {
	return s?.subdomain && s.subdomain_dns === 'published' ? `${s.subdomain}.${getDns().zone}` : null;
}

/** Why a label cannot be had (rules first, then whether another live service holds it), or null. */
export async function subdomainRefusal(
	admin: AdminClient,
	raw: string | null | undefined,
	exceptServiceId?: string,
): Promise<SubdomainProblem | null> {
	const label = normalizeSubdomain(raw ?? '');
	const problem = subdomainProblem(label);
	if (problem) return problem;
	// Held by a service with a server, or by an unpaid order while its payment page is open.
	const { data, error } = await admin.rpc('subdomain_held', {
		label,
		...(exceptServiceId ? { except_service: exceptServiceId } : {}),
	});
	if (error) throw new Error(`subdomain lookup: ${error.message}`);
	return data ? 'subdomain_taken' : null;
}

interface SubdomainRow {
	id: string;
	status: string;
	product_type: string;
	game: string | null;
	subdomain: string | null;
	subdomain_dns: string | null;
	subdomain_dns_label: string | null;
	panel_address: string | null;
}

const rowColumns =
	'id, status, product_type, game, subdomain, subdomain_dns, subdomain_dns_label, panel_address' as const;

/**
 * Makes a service's DNS records what it should have now, in one atomic change: the label's records
 * pointing at the server's address while it has a server, the previously published label's
 * removed when the label changed or the service ended. Never throws for a DNS failure: it records
 * `failed` with the reason and answers so (the sweep retries); `unchanged` when nothing was owed.
 */
export async function syncSubdomain(
	admin: AdminClient,
	serviceId: string,
	dns: DnsPort = getDns(),
	now = new Date(),
): Promise<'published' | 'removed' | 'unchanged' | 'failed'> {
	const { data, error } = await admin
		.from('services')
		.select(rowColumns)
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	const row: SubdomainRow | null = data;
	if (!row) return 'unchanged';
	const pointing =
		row.subdomain && servedStatuses.includes(row.status)
			? await recordsFor(admin, row, row.subdomain, dns.zone)
			: null;
	const wanted = pointing ? row.subdomain : null;
	const published = row.subdomain_dns_label;
	if (!wanted && !published) return 'unchanged'; // nothing in DNS, nothing owed yet (no server)
	const change: RecordChange = pointing ?? { remove: [] };
	if (published && published !== wanted)
		change.remove = [...(change.remove ?? []), ...subdomainKeys(published, dns.zone)];
	// Recorded only if the label is still the one this change was made for: a change meanwhile
	// stays pending for its own call (or the sweep).
	const record = (fields: Record<string, string | null>) => {
		const update = admin
			.from('services')
			.update({ ...fields, subdomain_dns_at: now.toISOString() })
			.eq('id', row.id);
		return row.subdomain === null
			? update.is('subdomain', null)
			: update.eq('subdomain', row.subdomain);
	};
	try {
		await dns.change(change);
	} catch (failure) {
		const message = failure instanceof Error ? failure.message : String(failure);
		logger.warn('subdomain DNS not updated', {
			serviceId,
			label: wanted ?? published,
			error: message,
		});
		await record({ subdomain_dns: 'failed', subdomain_dns_error: message.slice(0, 500) });
		return 'failed';
	}
	const { error: saveError } = await record({
		subdomain_dns: wanted ? 'published' : 'removed',
		subdomain_dns_label: wanted,
		subdomain_dns_error: null,
	});
	if (saveError) throw new Error(`subdomain state of ${serviceId}: ${saveError.message}`);
	logger.info(wanted ? 'subdomain published' : 'subdomain removed', {
		serviceId,
		name: `${wanted ?? published}.${dns.zone}`,
	});
	return wanted ? 'published' : 'removed';
}

/**
 * For the billing run: every service whose records are owed (pending or failed while its server
 * has an address, a VPS being set up or running, or still published after it ended by any path),
 * synced one by one.
 */
export async function syncOwedSubdomains(
	admin: AdminClient,
	now = new Date(),
): Promise<{ synced: number; failed: number }> {
	const { data, error } = await admin
		.from('services')
		.select('id')
		.or(
			// A game server has an address once the panel gave it one; a VPS holds its pool addresses.
			`and(subdomain_dns.in.(pending,failed),status.in.(${servedStatuses.join(',')}),or(panel_address.not.is.null,product_type.eq.vps)),` +
				`and(subdomain_dns_label.not.is.null,status.in.(${endedStatuses.join(',')}))`,
		)
		.order('subdomain_dns_at', { ascending: true, nullsFirst: true })
		.limit(200);
	if (error) throw new Error(`owed subdomains: ${error.message}`);
	let synced = 0;
	let failed = 0;
	for (const { id } of data) {
		const outcome = await syncSubdomain(admin, id, getDns(), now);
		if (outcome === 'failed') failed++;
		else if (outcome !== 'unchanged') synced++;
	}
	return { synced, failed };
}
