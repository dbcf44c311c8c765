import type { SupabaseClient } from '@supabase/supabase-js';
import type { SiteNode } from './cluster.ts';

// The billing run as an operator's cron starts it (docs/billing.md), on both servers at the same
// moment. The cron endpoint bills at the real clock, so the services are moved instead: their paid
// period ends a few days from now, inside the renewal notice period (7 days), not yet due.

export interface BillingAnswer {
	server: SiteNode['name'];
	status: number;
	body: unknown;
}

const DAY_MS = 86_400_000;

/** Moves each service's due date to `daysAhead` days from now, the period a month before it. */
export async function bringIntoNoticePeriod(
	admin: SupabaseClient,
	serviceIds: string[],
	daysAhead = 3,
): Promise<void> {
	const end = new Date(Date.now() + daysAhead * DAY_MS);
	const start = new Date(end);
	start.setUTCMonth(start.getUTCMonth() - 1);
	const { data, error } = await admin
		.from('services')
		.update({ current_period_start: start.toISOString(), current_period_end: end.toISOString() })
		.in('id', serviceIds)
		.eq('status', 'active')
		.select('id');
	if (error) throw new Error(`moving due dates: ${error.message}`);
	if ((data ?? []).length !== serviceIds.length)
		throw new Error(`Only ${data?.length ?? 0} of ${serviceIds.length} services are active`);
}

/** POST /api/cron/billing on every server in the same tick, as two cron lines would. */
export function billingOnBoth(
	sites: readonly SiteNode[],
	cronSecret: string,
): Promise<BillingAnswer[]> {
	return Promise.all(
		sites.map(async (site) => {
			const response = await fetch(`${site.origin}/api/cron/billing`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${cronSecret}`, 'Content-Type': 'application/json' },
				body: '{}',
			});
			const text = await response.text();
			let body: unknown = text;
			try {
				body = JSON.parse(text);
			} catch {
				// not JSON: kept as text for the report
			}
			return { server: site.name, status: response.status, body };
		}),
	);
}
