import { z } from 'zod';
import { addCycle } from '../../../lib/billing';
import type { AdminClient } from '../../supabase/admin-client';
import { getGamePanel } from '../../game-panel';
import { onHost } from '../host-steps';
import { refOf } from '../panel-steps';
import { dateOf, onDate } from '../run/renewal-invoice';
import { logger } from '../../log/logger';

// Pauses on the game panel (a VPS's machine on the hypervisor, through host-steps.ts): a
// suspension of its own, not the billing state change of moveService (which records an unpaid
// suspension, its activity and its mail). The panel acts
// first and the database records after, as everywhere in billing; both panel calls are idempotent.

/** What `start_service_pause` answers (jsonb): started, or why not. */
const startedSchema = z.object({ started: z.boolean(), reason: z.string().optional() });

export interface PanelHeld {
	id: string;
	status: string;
	panel_server_id: string | null;
	panel_identifier: string | null;
}

/**
 * Suspends or unsuspends the service's server on the game panel, or its VPS machine on the
 * hypervisor (unsuspending a machine starts it), if it has one.
 */
export function onPanel(
	admin: AdminClient,
	service: PanelHeld,
	to: 'suspend' | 'unsuspend',
): Promise<void> {
	return onHost(admin, to === 'suspend' ? 'suspended' : 'active', service);
}

/**
 * After a pause invoice is paid (webhook, or `endDuePauses` repairing a start the panel was down
 * for): suspend the server on the panel, then `start_service_pause` moves the due date by the
 * months on the service's anchor day (addCycle) and marks the service suspended. A refusal in
 * the database (the service changed meanwhile) unsuspends the server again if it is still active;
 * the paid invoice is then flagged for a refund. Returns whether the pause started now.
 */
export async function afterPausePaid(
	admin: AdminClient,
	invoiceId: string,
	now = new Date(),
): Promise<boolean> {
	const { data: pause } = await admin
		.from('service_pauses')
		.select('months, status, service_id')
		.eq('invoice_id', invoiceId)
		.maybeSingle();
	// A running or ended pause is done; a replaced one still goes to the database to be flagged.
	if (!pause || pause.status === 'active' || pause.status === 'ended') return false;
	const { data: s, error } = await admin
		.from('services')
		.select(
			'id, status, cancel_at_period_end, current_period_start, current_period_end, anchor_day, panel_server_id, panel_identifier',
		)
		.eq('id', pause.service_id)
		.single();
	if (error) throw new Error(`service of pause invoice ${invoiceId}: ${error.message}`);
	const due = s.current_period_end ?? now.toISOString();
	const anchor = s.anchor_day ?? new Date(s.current_period_start ?? due).getUTCDate();
	const to = onDate(addCycle(dateOf(due), pause.months, anchor), due);
	const startable =
		pause.status === 'pending' &&
		s.status === 'active' &&
		!s.cancel_at_period_end &&
		s.current_period_end;
	const wasRunning = startable ? await runningNow(s) : true;
	if (startable) await onPanel(admin, s, 'suspend');
	const { data, error: failed } = await admin.rpc('start_service_pause', {
		invoice: invoiceId,
		at: now.toISOString(),
		due_from: due,
		due_to: to,
	});
	if (failed) throw new Error(`start_service_pause: ${failed.message}`);
	const started = startedSchema.parse(data);
	if (started.started) {
		// After the start, not in it: a lost write leaves the default, the old rule (start it).
		await admin
			.from('service_pauses')
			.update({ was_running: wasRunning })
			.eq('invoice_id', invoiceId);
		return true;
	}
	logger.warn('pause paid but not started', { invoiceId, reason: started.reason });
	if (startable) {
		const { data: after } = await admin.from('services').select('status').eq('id', s.id).single();
		if (after?.status === 'active') await onPanel(admin, s, 'unsuspend');
	}
	return false;
}

/**
 * Whether the server is running or on its way, read just before the pause suspends it. A panel
 * that cannot say counts as running: starting a stopped server after the pause is the lesser harm
 * than leaving a running one off.
 */
async function runningNow(service: Omit<PanelHeld, 'id' | 'status'>): Promise<boolean> {
	const ref = refOf(service);
	if (!ref) return false;
	try {
		const { state } = await getGamePanel().state(ref);
		return state === 'running' || state === 'starting';
	} catch {
		return true;
	}
}
