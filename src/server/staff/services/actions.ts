import { z } from 'zod';
import { moveService } from '../../billing/host-steps';
import type { StaffOutcome, StaffRequest } from '../write';
import { answerLanguage, reasonSchema } from './outcome';
import { mailOwner } from './mail';
import { refuse } from './refusals';
import { changed, live, onHost } from './outcome';
import { loadService } from './service-row';

// Suspending, lifting and cancelling from the console: the billing run's own moveService (its host
// first, then set_service_billing_state) and the customer's own requestCancellation, with staff
// named as who acted. Nothing here repeats how a server is suspended, started or deleted.

export const suspendBody = z.object({
	...answerLanguage,
	reason: z.string().max(500),
});
export const unsuspendBody = z.object({
	...answerLanguage,
});

export async function suspendService(
	request: StaffRequest<z.infer<typeof suspendBody>>,
	id: string,
): Promise<StaffOutcome> {
	const { admin, locale, staff } = request;
	const reason = reasonSchema.safeParse(request.body.reason);
	if (!reason.success) return refuse('reason_required', locale);
	const service = await loadService(admin, id);
	if (!service) return refuse('not_found', locale);
	if (!live(service)) return refuse('ended', locale);
	// Billing's suspension (unpaid) is taken over; a pause or staff's own is not.
	if (service.status === 'suspended' && service.suspended_by !== 'billing')
		return refuse(service.suspended_by === 'staff' ? 'already_suspended' : 'paused', locale);
	const moved = await onHost(
		() =>
			moveService(admin, service, 'suspended', new Date(), {
				staffId: staff.id,
				reason: reason.data,
			}),
		id,
	);
	if (moved === 'down') return refuse('host_unavailable', locale);
	if (!moved) return refuse('already_suspended', locale);
	await mailOwner(admin, service, { kind: 'suspended', reason: reason.data }, request.origin);
	return changed(request, service, 'service_suspended');
}

export async function unsuspendService(
	request: StaffRequest<object>,
	id: string,
): Promise<StaffOutcome> {
	const { admin, locale, staff } = request;
	const service = await loadService(admin, id);
	if (!service) return refuse('not_found', locale);
	if (service.status !== 'suspended') return refuse('not_suspended', locale);
	if (service.suspended_by === null) return refuse('paused', locale);
	const moved = await onHost(
		() => moveService(admin, service, 'active', new Date(), { staffId: staff.id }),
		id,
	);
	if (moved === 'down') return refuse('host_unavailable', locale);
	if (!moved) return refuse('not_suspended', locale);
	await mailOwner(admin, service, { kind: 'unsuspended' }, request.origin);
	return changed(request, service, 'service_unsuspended');
}
