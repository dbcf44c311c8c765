import { z } from 'zod';
import { pauseDaysReturned } from '../../../lib/billing';
import { isUuid } from '../../../lib/uuid';
import { getGamePanel } from '../../game-panel';
import { logger } from '../../log/logger';
import type { AdminClient } from '../../supabase/admin-client';
import { refOf } from '../panel-steps';
import type { ResumeRefusal } from './pause-request';
import { onPanel, type PanelHeld } from './pause-start';

export const panelColumns = 'id, status, panel_server_id, panel_identifier';
/** What ending a pause needs of its row: which one, since when, how many days it added. */
export const runningColumns = 'id, service_id, starts_at, days, was_running';
const running = z.object({
	id: z.string(),
	service_id: z.string(),
	starts_at: z.string(),
	days: z.number().int().positive(),
	was_running: z.boolean(),
});
const endAnswer = z.object({
	ended: z.boolean(),
	period_end: z.string().nullish(),
	days_returned: z.number().int().nullish(),
});

/**
 * Ends a running pause: unsuspend on the game panel first (a panel that is down leaves the pause
 * running, to be tried again), then `end_service_pause` moves the due date back by the days
 * `pauseDaysReturned` gives back (src/lib/billing: the days less the whole days it ran) and marks
 * the service active. The server is then started if it was running when the pause began:
 * suspending stopped it, and a customer expects their server back as they left it (issue 27 item 9).
 */
export async function endPause(
	admin: AdminClient,
	service: PanelHeld,
	row: unknown,
	now: Date,
): Promise<{ ended: boolean; periodEnd: string | null; daysReturned: number }> {
	const pause = running.parse(row);
	if (service.status === 'suspended') await onPanel(admin, service, 'unsuspend');
	const returned = pauseDaysReturned(
		{ startsAt: new Date(pause.starts_at), days: pause.days },
		now,
	);
	const { data, error } = await admin.rpc('end_service_pause', {
		pause: pause.id,
		at: now.toISOString(),
		returned,
	});
	if (error) throw new Error(`end_service_pause: ${error.message}`);
	const ended = endAnswer.parse(data);
	if (ended.ended && service.status === 'suspended' && pause.was_running)
		await startAfterPause(service);
	return {
		ended: ended.ended,
		periodEnd: ended.period_end ?? null,
		daysReturned: ended.days_returned ?? 0,
	};
}

/**
 * Starts the server of a pause just ended. The pause is over whatever happens here, so a panel
 * that refuses or is down is logged, not thrown: the customer can still press Start.
 */
async function startAfterPause(service: PanelHeld): Promise<void> {
	const ref = refOf(service);
	if (!ref) return;
	try {
		await getGamePanel().power(ref, 'start');
	} catch (error) {
		logger.warn('server not started after its pause', {
			serviceId: service.id,
			error: String(error),
		});
	}
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
	const { data: row } = await admin
		.from('service_pauses')
		.select(runningColumns)
		.eq('service_id', serviceId)
		.eq('status', 'active')
		.maybeSingle();
	if (!row) return 'not_paused';
	const { ended, periodEnd, daysReturned } = await endPause(admin, service, row, now);
	return ended ? { periodEnd, daysReturned } : 'not_paused';
}
