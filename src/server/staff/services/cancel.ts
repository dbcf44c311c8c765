import { z } from 'zod';
import { moveService } from '../../billing/host-steps';
import { requestCancellation } from '../../cancellation/actions';
import type { StaffOutcome, StaffRequest } from '../write';
import { answerLanguage, changed, live, onHost, reasonSchema } from './outcome';
import { mailOwner } from './mail';
import { refuse } from './refusals';
import { loadService } from './service-row';

export const cancelBody = z.object({
	...answerLanguage,
	when: z.enum(['period_end', 'now']),
	reason: z.string().max(500),
});

/**
 * At period end: the customer's own cancellation, asked for on their behalf. Now: the same, then
 * the billing run's end of a cancellation (the server deleted, open invoices cancelled).
 */
export async function cancelService(
	request: StaffRequest<z.infer<typeof cancelBody>>,
	id: string,
): Promise<StaffOutcome> {
	const { admin, locale, staff, body } = request;
	const reason = reasonSchema.safeParse(body.reason);
	if (!reason.success) return refuse('reason_required', locale);
	const service = await loadService(admin, id);
	if (!service) return refuse('not_found', locale);
	if (!live(service)) return refuse('ended', locale);
	if (service.cancel_at_period_end && body.when === 'period_end')
		return refuse('already_cancelling', locale);
	const asked = await requestCancellation(admin, id, reason.data, service.user_id);
	if (typeof asked === 'string')
		return refuse(asked === 'reason_required' ? asked : 'ended', locale);
	const why = { reason: reason.data };
	if (body.when === 'period_end') {
		const notice = { kind: 'cancelling', reason: reason.data, endsAt: asked.deletionDate } as const;
		await mailOwner(admin, service, notice, request.origin);
		return changed(request, service, 'service_cancelled_at_period_end', why);
	}
	const moved = await onHost(
		() => moveService(admin, service, 'cancelled', new Date(), { staffId: staff.id }),
		id,
	);
	if (moved === 'down') {
		// The host is down: it still ends at its period's end, which the audit log must say.
		const marked = await changed(request, service, 'service_cancelled_at_period_end', why);
		const refused = refuse('host_unavailable', locale);
		return service.cancel_at_period_end ? refused : { ...refused, audit: marked.audit };
	}
	if (!moved) return refuse('ended', locale);
	await mailOwner(admin, service, { kind: 'cancelled_now', reason: reason.data }, request.origin);
	return changed(request, service, 'service_cancelled_now', why);
}
