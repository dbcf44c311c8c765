import type { AdminClient } from '../../supabase/admin-client';
import { endPause, panelColumns, runningColumns } from './pause-end';
import { afterPausePaid } from './pause-start';

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
		.select(runningColumns)
		.eq('status', 'active')
		.lte('ends_at', now.toISOString());
	if (error) throw new Error(`due pauses: ${error.message}`);
	for (const row of due) {
		const serviceId = row.service_id;
		try {
			const { data: service } = await admin
				.from('services')
				.select(panelColumns)
				.eq('id', serviceId)
				.single();
			if (service && (await endPause(admin, service, row, now)).ended) sweep.ended++;
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
