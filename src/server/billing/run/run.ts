import { randomUUID } from 'node:crypto';
import { RENEWAL_NOTICE_DAYS } from '../../../lib/billing';
import { resumeStalledProvisioning } from '../../provisioning/resume-provisioning';
import { isShuttingDown } from '../../http/lifecycle';
import { logger } from '../../log/logger';
import type { AdminClient } from '../../supabase/admin-client';
import { billingCandidates } from './candidates';
import { endDuePauses } from '../pause/pause-sweep';
import { sendBillingNotices } from './notices';
import { syncOwedSubdomains } from '../../subdomains/subdomain';
import { removeReleasedPtrs } from '../../reverse-dns/rdns';
import { billService, type RunContext, type StepOutcome } from './service-step';
import { releaseLapsedHolds } from '../../payment-pages/unpaid-holds';
import { setUpOwedBackups } from './backup-sweep';

/** How long one run may hold the lock before another server may assume it died. */
const LEASE_SECONDS = 15 * 60;

export type RunSummary =
	| { ran: false; reason: 'locked' }
	| {
			ran: true;
			at: string;
			services: number;
			outcomes: Partial<Record<StepOutcome, number>>;
			/** Pauses started late (the panel was down when paid) and ended at their end. */
			pauses: { started: number; ended: number };
			failures: { serviceId: string; error: string }[];
			mails: number;
			/** The server began shutting down: the rest waits for the next run. */
			stoppedEarly?: true;
			/** Paid services whose server setup was cut off, taken up again. */
			provisioningResumed?: number;
			/** Subdomain records published or removed late (DNS was down), and those still failing. */
			subdomains?: { synced: number; failed: number };
			/** Pool addresses given back by unpaid VPS orders whose payment page ran out. */
			vpsAddressesReleased?: number;
			/** Subdomain labels let go by unpaid orders whose payment page ran out. */
			labelsReleased?: number;
			/** Game servers given their plan's backup limit and daily backup, and those still owed. */
			backups?: { setUp: number; failed: number };
	  };

/**
 * One billing run at `now`: every service due within the notice period, each on its own (a failure
 * is reported and the rest go on), then the mails the steps owe. A lease in the database keeps two
 * site servers from running at once; the second answers `locked`. Running again at the same
 * moment finds nothing left to do. A server shutting down stops between services and releases
 * the lock, so the next run (on any server) carries on.
 */
export async function runBilling(admin: AdminClient, context: RunContext): Promise<RunSummary> {
	const holder = randomUUID();
	const { data: locked, error } = await admin.rpc('billing_lock_acquire', {
		holder,
		seconds: LEASE_SECONDS,
	});
	if (error) throw new Error(`billing lock: ${error.message}`);
	if (!locked) {
		logger.info('billing run skipped: another server holds the lock');
		return { ran: false, reason: 'locked' };
	}
	logger.info('billing run started', { at: context.now.toISOString() });
	let stoppedEarly = false;
	try {
		// Paid servers whose setup was cut off (a stopped server) are taken up again, in the background.
		const resumed = await resumeStalledProvisioning(admin, context.origin);
		// Pauses that ran out come back first, so their services are billed as the active ones they are.
		const pauses = await endDuePauses(admin, context.now);
		// Unpaid orders whose page ran out hold neither addresses nor labels; a failure here never
		// stops billing (the next order or payment lets them go anyway).
		const released = await releaseLapsedHolds(admin).catch((failure: unknown) => {
			logger.error('lapsed unpaid holds not released', { error: failure });
			return { addresses: 0, labels: 0 };
		});
		const services = await billingCandidates(admin, context.now, RENEWAL_NOTICE_DAYS);
		const outcomes: Partial<Record<StepOutcome, number>> = {};
		const failures: { serviceId: string; error: string }[] = [...pauses.failures];
		for (const service of services) {
			if (isShuttingDown()) {
				stoppedEarly = true;
				break;
			}
			try {
				const outcome = await billService(admin, service, context);
				outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
				logger.info('billing step', { serviceId: service.id, outcome });
			} catch (failure) {
				const message = failure instanceof Error ? failure.message : String(failure);
				failures.push({ serviceId: service.id, error: message });
				logger.error('billing step failed', { serviceId: service.id, error: message });
			}
		}
		// Subdomain records a DNS outage held back, and those of services that ended by any path.
		const subdomains = await syncOwedSubdomains(admin, context.now).catch((failure: unknown) => {
			logger.error('subdomain sweep failed', { error: failure });
			return { synced: 0, failed: 0 };
		});
		// Reverse DNS of released addresses that a DNS outage (or another ending path) left behind.
		await removeReleasedPtrs(admin).catch((failure: unknown) => {
			logger.error('reverse DNS sweep failed', { error: failure });
		});
		// Servers made before backups were sold get what their plan now promises.
		const backups = await setUpOwedBackups(admin).catch((failure: unknown) => {
			logger.error('backup setup sweep failed', { error: failure });
			return { setUp: 0, failed: 0 };
		});
		// Mail that cannot go out now stays owed; it never hides what the run did.
		const mails = await sendBillingNotices(admin, context.origin).catch((failure: unknown) => {
			logger.error('billing mails could not be sent', { error: failure });
			return 0;
		});
		logger.info('billing run finished', {
			services: services.length,
			outcomes,
			mails,
			stoppedEarly,
		});
		return {
			ran: true,
			at: context.now.toISOString(),
			services: services.length,
			outcomes,
			pauses: { started: pauses.started, ended: pauses.ended },
			failures,
			mails,
			...(stoppedEarly ? { stoppedEarly: true as const } : {}),
			...(resumed ? { provisioningResumed: resumed } : {}),
			...(subdomains.synced || subdomains.failed ? { subdomains } : {}),
			...(released.addresses ? { vpsAddressesReleased: released.addresses } : {}),
			...(released.labels ? { labelsReleased: released.labels } : {}),
			...(backups.setUp || backups.failed ? { backups } : {}),
		};
	} finally {
		await admin.rpc('billing_lock_release', { holder });
	}
}
