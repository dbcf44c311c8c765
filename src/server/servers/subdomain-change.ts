import type { User } from '@supabase/supabase-js';
import { normalizeSubdomain, subdomainProblem, type SubdomainProblem } from '../../lib/subdomain';
import { isUuid } from '../../lib/uuid';
import { getDns } from '../dns';
import { parseAddress } from '../dns/records';
import { releaseLapsedHolds } from '../payment-pages/unpaid-holds';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { liveStatuses, syncSubdomain } from '../subdomains/subdomain';

export type SubdomainChangeRefusal =
	| Exclude<SubdomainProblem, 'subdomain_required'>
	| 'subdomain_required'
	| 'not_found'
	| 'ended'
	| 'no_subdomain_extra';

/**
 * The customer sets or changes their label from the panel: the same rules as checkout, unique among
 * live services, then the records follow (old name removed, new one published). The label is kept
 * even when DNS is down: the page shows the state and the sweep publishes it later.
 */
export async function changeSubdomain(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	raw: string,
	now = new Date(),
): Promise<{ label: string; address: string | null; dns: string | null } | SubdomainChangeRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const label = normalizeSubdomain(raw);
	const problem = subdomainProblem(label);
	if (problem) return problem;
	const { data: s, error } = await admin
		.from('services')
		.select('id, status, subdomain, subdomain_extra')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!s) return 'not_found';
	if (!liveStatuses.includes(s.status)) return 'ended';
	if (!s.subdomain_extra) return 'no_subdomain_extra';
	if (s.subdomain !== label) {
		// A label an unpaid order held until its page ran out is free: let go of it first.
		await releaseLapsedHolds(admin);
		const { error: saveError } = await admin
			.from('services')
			.update({ subdomain: label, subdomain_dns: 'pending', subdomain_dns_at: now.toISOString() })
			.eq('id', s.id);
		if (saveError?.code === '23505') return 'subdomain_taken';
		if (saveError) throw new Error(`subdomain of ${serviceId}: ${saveError.message}`);
		const { error: logError } = await admin.from('service_activity').insert({
			service_id: s.id,
			user_id: customer.id,
			event: 'settings_changed',
			detail: { subdomain: label, previous: s.subdomain },
		});
		if (logError)
			logger.warn('subdomain change not logged', { serviceId, error: logError.message });
		await syncSubdomain(admin, s.id, getDns(), now);
	}
	const { data: after } = await admin
		.from('services')
		.select('subdomain_dns, panel_address')
		.eq('id', s.id)
		.single();
	const port = parseAddress(after?.panel_address)?.port ?? null;
	return {
		label,
		address: port ? `${label}.${getDns().zone}:${port}` : `${label}.${getDns().zone}`,
		dns: after?.subdomain_dns ?? null,
	};
}
