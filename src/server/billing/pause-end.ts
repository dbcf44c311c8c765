import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import type { ResumeRefusal } from './pause-request';
import { afterPausePaid, onPanel, type PanelHeld } from './pause-start';

const panelColumns = 'id, status, panel_server_id, panel_identifier';

/**
 * Ends the running pause of a service: unsuspend on the game panel first (a panel that is down
 * leaves the pause running, to be tried again), then `end_service_pause` moves the due date back
 * by the whole unused days and marks the service active.
 */
async function endPause(
	admin: AdminClient,
	service: PanelHeld,
	now: Date,
): Promise<{ ended: boolean; periodEnd: string | null; daysReturned: number }> {
	if (service.status === 'suspended') await onPanel(service, 'unsuspend');
	const { data, error } = await admin.rpc('end_service_pause', {
		service: service.id,
		at: now.toISOString(),
	});
	if (error) throw new Error(`end_service_pause: ${error.message}`);
	const ended = data as { ended: boolean; period_end?: string | null; days_returned?: number };
	return {
		ended: ended.ended,
		periodEnd: ended.period_end ?? null,
		daysReturned: ended.days_returned ?? 0,
	};
}

/** The owner resumes a paused service early; the fee is not refunded. */
export async function resumePause(
	admin: AdminClient,
	customerId: string,
	serviceId: string,
	now: Date,
): Promise<{ periodEnd: string | null; daysReturned: number } | ResumeRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: service } = await admin
		.from('services')
		.select(panelColumns)
		.eq('id', serviceId)
		.eq('user_id', customerId)
		.maybeSingle();
	if (!service) return 'not_found';
	const { data: running } = await admin
		.from('service_pauses')
		.select('id')
		.eq('service_id', serviceId)
		.eq('status', 'active')
		.maybeSingle();
	if (!running) return 'not_paused';
	const { ended, periodEnd, daysReturned } = await endPause(admin, service, now);
	return ended ? { periodEnd, daysReturned } : 'not_paused';
}

export interface PauseSweep {
	/** Paid pauses started now (the panel was down when the payment came). */
	started: number;
	/** Pauses whose end has come, ended now. */
	ended: number;
	failures: { serviceId: string; error: string }[];
}

/**
 * For the billing run, before it looks at candidates: ends every pause whose end has passed
 * (unsuspend, then the database), and starts paid pauses that are still pending because the
 * panel could not suspend when the payment came. One service failing does not stop the rest.
 */
export async function endDuePauses(admin: AdminClient, now: Date): Promise<PauseSweep> {
	const sweep: PauseSweep = { started: 0, ended: 0, failures: [] };
	const { data: due, error } = await admin
		.from('service_pauses')
		.select('service_id')
		.eq('status', 'active')
		.lte('ends_at', now.toISOString());
	if (error) throw new Error(`due pauses: ${error.message}`);
	for (const { service_id: serviceId } of due) {
		try {
			const { data: service } = await admin
				.from('services')
				.select(panelColumns)
				.eq('id', serviceId)
				.single();
			if (service && (await endPause(admin, service, now)).ended) sweep.ended++;
		} catch (failure) {
			sweep.failures.push({ serviceId, error: String(failure) });
		}
	}
	const { data: pending } = await admin
		.from('service_pauses')
		.select('service_id, invoice_id, invoices!inner(status)')
		.eq('status', 'pending')
		.eq('invoices.status', 'paid');
	for (const { service_id: serviceId, invoice_id: invoiceId } of pending ?? []) {
		try {
			if (invoiceId && (await afterPausePaid(admin, invoiceId, now))) sweep.started++;
		} catch (failure) {
			sweep.failures.push({ serviceId, error: String(failure) });
		}
	}
	return sweep;
}
