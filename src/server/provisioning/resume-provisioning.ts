import { inBackground, isShuttingDown, shutdownSignal } from '../http/lifecycle';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { provision } from './provision';
import { leaseSeconds } from './provisioning-lease';

/** Longer than any install we wait for in one go, so a live attempt is not joined needlessly. */
export const stalledAfterMinutes = 20;

const resume = (admin: AdminClient, id: string, origin: string) =>
	provision(admin, id, origin).catch((failure: unknown) =>
		logger.error('provisioning failed', { serviceId: id, error: failure }),
	);

/**
 * Paid services still waiting for their server with no error on record: their provisioning was cut
 * off (a site server stopped or crashed mid-install). The billing run calls this each hour as a
 * last net; a starting site server already took them up (resumeAfterStart). Provisioning holds a
 * lease per service, so joining an attempt that is in fact still alive does nothing. Those that
 * gave up carry an error and a ticket, and are the team's.
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
		inBackground(resume(admin, id, origin));
	}
	return data.length;
}

const pause = (ms: number) =>
	new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms);
		shutdownSignal().addEventListener('abort', () => (clearTimeout(timer), resolve()), {
			once: true,
		});
	});

/**
 * When a site server starts: takes up every paid service nobody is provisioning (no lease, or a
 * lease its holder stopped renewing: a server killed mid-install), at once rather than after the
 * billing run's stall rule (one just paid is left to the server that took the payment for a few
 * seconds, which takes its lease itself). It looks again for two lease lengths, so a service held by a server
 * that died just before is taken up as soon as that lease runs out. Two servers starting at once
 * both look; the lease lets one of them provision each service.
 */
export async function resumeAfterStart(
	admin: AdminClient,
	origin: string,
	everyMs = (leaseSeconds * 1000) / 4,
): Promise<void> {
	const underWay = new Set<string>();
	const until = Date.now() + 2 * leaseSeconds * 1000;
	while (!isShuttingDown()) {
		const { data, error } = await admin.rpc('provisioning_to_resume', {
			max_rows: 50,
			quiet_seconds: leaseSeconds / 2,
		});
		if (error) throw new Error(`provisioning to resume: ${error.message}`);
		for (const id of data.filter((one) => !underWay.has(one))) {
			logger.warn('resuming interrupted provisioning', { serviceId: id });
			underWay.add(id);
			inBackground(resume(admin, id, origin).finally(() => underWay.delete(id)));
		}
		if (Date.now() >= until) return;
		await pause(everyMs);
	}
}
