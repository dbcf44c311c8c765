import { randomUUID } from 'node:crypto';
import { RENEWAL_NOTICE_DAYS } from '../../lib/billing';
import type { AdminClient } from '../supabase/admin-client';
import { billingCandidates } from './candidates';
import { endDuePauses } from './pause-end';
import { sendBillingNotices } from './notices';
import { billService, type RunContext, type StepOutcome } from './service-step';

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
	  };

/**
 * One billing run at `now`: every service due within the notice period, each on its own (a failure
 * is reported and the rest go on), then the mails the steps owe. A lease in the database keeps two
 * site servers from running at once; the second answers `locked`. Running again at the same
 * moment finds nothing left to do.
 */
export async function runBilling(admin: AdminClient, context: RunContext): Promise<RunSummary> {
	const holder = randomUUID();
	const { data: locked, error } = await admin.rpc('billing_lock_acquire', {
		holder,
		seconds: LEASE_SECONDS,
	});
	if (error) throw new Error(`billing lock: ${error.message}`);
	if (!locked) return { ran: false, reason: 'locked' };
	try {
		// Pauses that ran out come back first, so their services are billed as the active ones they are.
		const pauses = await endDuePauses(admin, context.now);
		const services = await billingCandidates(admin, context.now, RENEWAL_NOTICE_DAYS);
		const outcomes: Partial<Record<StepOutcome, number>> = {};
		const failures: { serviceId: string; error: string }[] = [...pauses.failures];
		for (const service of services) {
			try {
				const outcome = await billService(admin, service, context);
				outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
			} catch (failure) {
				const message = failure instanceof Error ? failure.message : String(failure);
				failures.push({ serviceId: service.id, error: message });
				console.error(`[billing] service ${service.id}: ${message}`);
			}
		}
		// Mail that cannot go out now stays owed; it never hides what the run did.
		const mails = await sendBillingNotices(admin, context.origin).catch((failure: unknown) => {
			console.error('[billing] could not send the billing mails:', failure);
			return 0;
		});
		return {
			ran: true,
			at: context.now.toISOString(),
			services: services.length,
			outcomes,
			pauses: { started: pauses.started, ended: pauses.ended },
			failures,
			mails,
		};
	} finally {
		await admin.rpc('billing_lock_release', { holder });
	}
}
