import { isUuid } from '../../lib/uuid';
import type { CustomerClient } from '../supabase/customer-client';

// Cancelling and keeping through the customer's own client: `request_cancellation` and
// `keep_service` (20261121120200_services.sql) find the service by auth.uid(), check its state,
// change it and log the activity in one transaction. Nothing here can act on another's server.

export type CancelRefusal = 'reason_required' | 'not_found' | 'not_active';

/** The SQL functions' refusals (SQLSTATE P0001, one word) as the API names them. */
const refusals: Record<string, CancelRefusal> = {
	reason_required: 'reason_required',
	service_not_found: 'not_found',
	service_not_active: 'not_active',
};

type Row = { status: string; cancel_at_period_end: boolean; current_period_end: string | null };

async function call(
	rpc: PromiseLike<{ data: Row | null; error: { message: string } | null }>,
	name: string,
): Promise<Row | CancelRefusal> {
	const { data, error } = await rpc;
	if (error) {
		const refusal = refusals[error.message];
		if (refusal) return refusal;
		throw new Error(`${name}: ${error.message}`);
	}
	if (!data) throw new Error(`${name}: no row`);
	// Asked again, both functions answer an unchanged row whatever its state: an ended server is
	// still not one to cancel or keep.
	return data.status === 'active' || data.status === 'suspended' ? data : 'not_active';
}

/**
 * Marks the server to end at its period's end, with the customer's reason; asked again it is the
 * same answer. The deletion date is the period's end, as the billing run ends it then. Staff ask
 * on the customer's behalf with the service-role client and the owner's id (`owner`), which the
 * database only heeds from the service role.
 */
export async function requestCancellation(
	client: CustomerClient,
	serviceId: string,
	reason: string,
	owner?: string,
): Promise<{ cancelAtPeriodEnd: true; deletionDate: string | null } | CancelRefusal> {
	const clean = reason.trim();
	if (!clean) return 'reason_required';
	if (!isUuid(serviceId)) return 'not_found';
	const row = await call(
		client.rpc('request_cancellation', { service_id: serviceId, reason: clean, owner }),
		'request_cancellation',
	);
	if (typeof row === 'string') return row;
	const end = row.current_period_end;
	return { cancelAtPeriodEnd: true, deletionDate: end ? new Date(end).toISOString() : null };
}

/** Withdraws a pending cancellation ("keep server"); keeping a kept server changes nothing. */
export async function keepServer(
	client: CustomerClient,
	serviceId: string,
): Promise<{ cancelAtPeriodEnd: false } | Exclude<CancelRefusal, 'reason_required'>> {
	if (!isUuid(serviceId)) return 'not_found';
	const row = await call(client.rpc('keep_service', { service_id: serviceId }), 'keep_service');
	if (row === 'reason_required') throw new Error('keep_service: asked for a reason');
	return typeof row === 'string' ? row : { cancelAtPeriodEnd: false };
}
