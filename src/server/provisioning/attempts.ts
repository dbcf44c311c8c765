import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { giveUp, provisioningAttempts, retryPause } from './give-up';
import type { ProvisioningLease } from './provisioning-lease';

/** What one try came to: finished (running, or stopped for its own reason), or an end to trying. */
export type TryOutcome = 'done' | { error: string };

/** A thrown failure, read by the port that threw it: its text, and whether waiting can fix it. */
export interface ThrownFailure {
	error: string;
	retryable: boolean;
	/** The least wait before the next try (a rate limit's Retry-After). */
	hintedMs?: number;
}

/**
 * The one retry loop of provisioning, a game server's and a machine's alike: tries while the lease
 * holds, up to provisioningAttempts, with doubling waits after a failure waiting can fix (an outage,
 * a rate limit); after the last try, or at once for one it cannot (a refusal, no address left), the
 * customer gets a clear state and a support ticket (giveUp). The raw error is kept for the team.
 */
export async function tryUntilGivenUp(
	admin: AdminClient,
	origin: string,
	lease: ProvisioningLease,
	service: { id: string; customer: { email: string; locale: string | null | undefined } },
	what: {
		/** What is made, for the log: the game, or `vps`. */
		kind: string;
		attempt: () => Promise<TryOutcome>;
		read: (error: unknown) => ThrownFailure;
	},
): Promise<void> {
	let lastError = 'unknown';
	for (let attempt = 0; attempt < provisioningAttempts; attempt++) {
		if (!(await lease.keep())) return;
		logger.info('provisioning', { serviceId: service.id, attempt: attempt + 1, kind: what.kind });
		let failure: ThrownFailure;
		try {
			const outcome = await what.attempt();
			if (outcome === 'done') return;
			lastError = outcome.error;
			break;
		} catch (error) {
			failure = what.read(error);
		}
		lastError = failure.error;
		logger.warn('provisioning attempt failed', {
			serviceId: service.id,
			kind: what.kind,
			error: lastError,
		});
		if (!failure.retryable) break;
		await retryPause(attempt, failure.hintedMs);
	}
	const { email, locale } = service.customer;
	await giveUp(admin, origin, service, email, locale, lastError);
}
