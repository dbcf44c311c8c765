import { z } from 'zod';
import { useTranslations, type Locale, type UiKey } from '../../../i18n';
import type { Json } from '../../../lib/database.types';
import { isDepartment, ticketStatuses, type TicketStatus } from '../../../lib/panel/support';
import { isUuid } from '../../../lib/uuid';
import { checkMessage } from '../../support/actions';
import { staffReply } from '../../support/staff-reply';
import type { AuditEntry } from '../audit';
import type { StaffOutcome, StaffRequest } from '../write';

// What staff do with a ticket from the console, each as the staff write door (../write.ts) runs
// it: checked, carried out with the service role, and answered with the one audit entry of a
// write that changed something. A refusal (bad input, no such ticket) changes nothing and has
// no entry; so has a change to what the ticket already is (the same department, status or
// assignee), which answers `changed: false`.

// Fields are optional strings so that a missing or wrong one gets its own answer, not the door's
// "the request could not be read"; the checks below apply the real rules.
const locale = z.string().max(10).optional();
export const replyBody = z.object({ message: z.string().max(20_000).optional(), locale });
export const departmentBody = z.object({ department: z.string().max(40).optional(), locale });
export const statusBody = z.object({ status: z.string().max(40).optional(), locale });
export const assignBody = z.object({ locale });

export type TicketRefusal =
	'not_found' | 'missing_message' | 'too_long' | 'invalid_department' | 'invalid_status';

const refusals: Record<TicketRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'staff.tickets.error.notFound' },
	missing_message: { status: 400, message: 'staff.tickets.error.emptyReply' },
	too_long: { status: 400, message: 'staff.tickets.error.tooLong' },
	invalid_department: { status: 400, message: 'staff.tickets.error.department' },
	invalid_status: { status: 400, message: 'staff.tickets.error.status' },
};

/** A refusal as every JSON endpoint answers one: `{ error: { code, message } }`, no audit entry. */
function refused(refusal: TicketRefusal, locale: Locale): StaffOutcome {
	const { status, message } = refusals[refusal];
	return { status, body: { error: { code: refusal, message: useTranslations(locale)(message) } } };
}

const subjectOf = (ticketId: string) => `ticket:${ticketId}`;

/**
 * A reply as staff, through `staffReply` (the one way a staff message is written and mailed):
 * in the thread as staff, the ticket answered, the customer mailed in their profile's language.
 * The log keeps the status before and the reply's length, not its text (that is in the thread).
 */
export async function replyToTicketAsStaff(
	request: StaffRequest<z.infer<typeof replyBody>>,
	ticketId: string,
): Promise<StaffOutcome> {
	const { admin, locale, origin } = request;
	if (!isUuid(ticketId)) return refused('not_found', locale);
	const checked = checkMessage(request.body.message);
	if ('refusal' in checked)
		return refused(checked.refusal === 'too_long' ? 'too_long' : 'missing_message', locale);
	const { data: ticket, error } = await admin
		.from('tickets')
		.select('user_id, status')
		.eq('id', ticketId)
		.maybeSingle();
	if (error) throw new Error(`ticket ${ticketId}: ${error.message}`);
	if (!ticket) return refused('not_found', locale);
	const sent = await staffReply(admin, ticketId, checked.message, origin);
	// Deleted between the two calls: as missing. (The message was checked above already.)
	if (sent.outcome !== 'sent') return refused('not_found', locale);
	return {
		status: 200,
		body: { id: ticketId, status: 'answered', mailed: sent.mailed, mailLocale: sent.locale },
		audit: {
			action: 'ticket_replied',
			customerId: ticket.user_id,
			subject: subjectOf(ticketId),
			before: { status: ticket.status },
			after: { status: 'answered', length: checked.message.length, mailed: sent.mailed },
		},
	};
}

/** What staff_set_ticket_department and staff_set_ticket_status answer; null for no ticket. */
const fieldChangeSchema = z
	.object({ customer: z.string(), before: z.string(), after: z.string() })
	.nullable();

async function changeField(
	request: StaffRequest<unknown>,
	ticketId: string,
	field: 'department' | 'status',
	value: string,
): Promise<StaffOutcome> {
	const { admin, locale } = request;
	const call =
		field === 'department'
			? admin.rpc('staff_set_ticket_department', { ticket: ticketId, department: value })
			: admin.rpc('staff_set_ticket_status', { ticket: ticketId, status: value });
	const { data, error } = await call;
	if (error) throw new Error(`ticket ${ticketId} ${field}: ${error.message}`);
	const change = fieldChangeSchema.parse(data);
	if (!change) return refused('not_found', locale);
	const body = { id: ticketId, [field]: change.after, changed: change.before !== change.after };
	if (!body.changed) return { status: 200, body };
	const audit: AuditEntry = {
		action: field === 'department' ? 'ticket_department_changed' : 'ticket_status_changed',
		customerId: change.customer,
		subject: subjectOf(ticketId),
		before: { [field]: change.before },
		after: { [field]: change.after },
	};
	return { status: 200, body, audit };
}

/** Moves the ticket to another department (technical, billing, sales). */
export async function changeTicketDepartment(
	request: StaffRequest<z.infer<typeof departmentBody>>,
	ticketId: string,
): Promise<StaffOutcome> {
	const { department } = request.body;
	if (!isUuid(ticketId)) return refused('not_found', request.locale);
	if (!isDepartment(department)) return refused('invalid_department', request.locale);
	return changeField(request, ticketId, 'department', department);
}

const isTicketStatus = (value: unknown): value is TicketStatus =>
	ticketStatuses.includes(value as TicketStatus);

/** Sets the ticket's status (open, answered, closed); nothing is sent to the customer. */
export async function changeTicketStatus(
	request: StaffRequest<z.infer<typeof statusBody>>,
	ticketId: string,
): Promise<StaffOutcome> {
	const { status } = request.body;
	if (!isUuid(ticketId)) return refused('not_found', request.locale);
	if (!isTicketStatus(status)) return refused('invalid_status', request.locale);
	return changeField(request, ticketId, 'status', status);
}

const person = z.object({ id: z.string(), email: z.string().nullable() });
const takenSchema = z
	.object({ customer: z.string(), before: person.nullable(), after: person })
	.nullable();

const assigneeOf = (who: z.infer<typeof person> | null): Json =>
	who ? { id: who.id, email: who.email } : null;

/** The member of staff asking takes the ticket (from whoever had it, if anyone). */
export async function assignTicketToSelf(
	request: StaffRequest<z.infer<typeof assignBody>>,
	ticketId: string,
): Promise<StaffOutcome> {
	const { admin, locale, staff } = request;
	if (!isUuid(ticketId)) return refused('not_found', locale);
	const { data, error } = await admin.rpc('staff_take_ticket', {
		ticket: ticketId,
		staff: staff.id,
	});
	if (error) throw new Error(`ticket ${ticketId} assign: ${error.message}`);
	const taken = takenSchema.parse(data);
	if (!taken) return refused('not_found', locale);
	const changed = taken.before?.id !== taken.after.id;
	const body = { id: ticketId, assignee: assigneeOf(taken.after), changed };
	if (!changed) return { status: 200, body };
	return {
		status: 200,
		body,
		audit: {
			action: 'ticket_assigned',
			customerId: taken.customer,
			subject: subjectOf(ticketId),
			before: { assignee: assigneeOf(taken.before) },
			after: { assignee: assigneeOf(taken.after) },
		},
	};
}
