import type { PauseRefusal } from '../billing/pause/pause-request';

// Whether the pause offer can be taken now: the refusals of `request_service_pause`
// (20261124110000_service_pauses.sql) in its order, so the page never offers a pause the
// endpoint then refuses, and says why in the endpoint's own words (services.pause.error.*).

export interface PauseState {
	status: string;
	cancelAtPeriodEnd: boolean;
	periodEnd: string | null;
	/** A pause is running (paid, the server suspended for it). */
	paused: boolean;
	/** Unpaid or overdue invoices of the service, other than a pending pause's own (it is replaced). */
	openInvoices: number;
}

export function pauseRefusalNow(
	state: PauseState,
	now: Date,
): Exclude<PauseRefusal, 'not_found' | 'invalid_months'> | null {
	if (state.paused) return 'already_paused';
	if (state.status === 'suspended') return 'suspended';
	const ahead = state.periodEnd !== null && new Date(state.periodEnd).getTime() > now.getTime();
	if (state.status !== 'active' || !ahead) return 'not_active';
	if (state.cancelAtPeriodEnd) return 'cancellation_pending';
	if (state.openInvoices > 0) return 'unpaid_invoice';
	return null;
}
