import { z } from 'zod';
import type { StaffOutcome, StaffRequest } from '../write';
import { answerLanguage, changed, reasonSchema } from './outcome';
import { mailOwner } from './mail';
import { refuse, type ServiceRefusal } from './refusals';
import { loadService } from './service-row';

/** Goodwill days: 1 to 90 at a time, always with a reason (the audit log keeps it). */
export const extendBody = z.object({
	...answerLanguage,
	days: z.number(),
	reason: z.string().max(500),
});
export const extendDays = z.number().int().min(1).max(90);

/** What `extend_service_days` answers (jsonb): the new due date, or why not. */
const answerSchema = z.union([
	z.object({ extended: z.literal(true), from: z.string(), until: z.string() }),
	z.object({
		extended: z.literal(false),
		refusal: z.enum(['not_found', 'not_active', 'paused', 'overdue']),
	}),
]);

const refusals: Record<'not_found' | 'not_active' | 'paused' | 'overdue', ServiceRefusal> = {
	not_found: 'not_found',
	not_active: 'ended',
	paused: 'paused',
	overdue: 'overdue',
};

/**
 * Moves the service's due date (and its open renewal invoice) forward by `days`, in one
 * transaction of the database's; the customer sees the new date on their server's page.
 */
export async function extendService(
	request: StaffRequest<z.infer<typeof extendBody>>,
	id: string,
): Promise<StaffOutcome> {
	const { admin, locale, body } = request;
	const days = extendDays.safeParse(body.days);
	if (!days.success) return refuse('days_out_of_range', locale);
	const reason = reasonSchema.safeParse(body.reason);
	if (!reason.success) return refuse('reason_required', locale);
	const service = await loadService(admin, id);
	if (!service) return refuse('not_found', locale);
	const { data, error } = await admin.rpc('extend_service_days', {
		service: id,
		days: days.data,
	});
	if (error) throw new Error(`extend_service_days: ${error.message}`);
	const answer = answerSchema.parse(data);
	if (!answer.extended) return refuse(refusals[answer.refusal], locale);
	const notice = { kind: 'extended', days: days.data, until: answer.until } as const;
	await mailOwner(admin, service, notice, request.origin);
	return changed(request, service, 'days_extended', { days: days.data, reason: reason.data });
}
