import { inBackground } from '../http/lifecycle';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { provision } from './provision';

/** Longer than any install we wait for in one go, so a live attempt is not joined needlessly. */
export const stalledAfterMinutes = 20;

/**
 * Paid services still waiting for their server with no error on record: their provisioning was cut
 * off (a site server stopped or crashed mid-install). The billing run calls this each hour, so no
 * paid order waits on a person. Provisioning is idempotent on the service id, so joining an
 * attempt that is in fact still alive never makes a second server. Those that gave up carry an
 * error and a ticket, and are the team's.
 */
export async function resumeStalledProvisioning(
	admin: AdminClient,
	origin: string,
	stalledBefore = new Date(Date.now() - stalledAfterMinutes * 60_000),
): Promise<number> {
	const { data, error } = await admin
		.from('services')
		.select('id')
		.eq('status', 'provisioning')
		.is('provisioning_error', null)
		.lt('updated_at', stalledBefore.toISOString())
		.limit(50);
	if (error) throw new Error(`stalled provisioning: ${error.message}`);
	for (const { id } of data) {
		logger.warn('resuming stalled provisioning', { serviceId: id });
		inBackground(
			provision(admin, id, origin).catch((failure: unknown) =>
				logger.error('provisioning failed', { serviceId: id, error: failure }),
			),
		);
	}
	return data.length;
}
