import {
	isDepartment,
	messageMaxLength,
	subjectLength,
	ticketStatusSchema,
	type NewTicket,
	type TicketStatus,
} from '../../lib/panel/support';
import { isUuid } from '../../lib/uuid';
import type { CustomerClient } from '../supabase/customer-client';

// What a customer does with their tickets, as the customer: open one, reply, close, reopen.
// Row-level security and the functions' auth.uid() checks decide ownership, so another
// customer's ticket is "not found" however it is asked for, and nothing here can write as staff.

export type Refusal = 'missing_fields' | 'subject_too_short' | 'too_long' | 'invalid_service';

/** The form as typed, checked as the database will: trimmed, required, within its lengths. */
export function checkNewTicket(input: {
	subject?: string;
	department?: string;
	serviceId?: string | null;
	message?: string;
}): NewTicket | Refusal {
	const subject = (input.subject ?? '').trim();
	const message = (input.message ?? '').trim();
	if (!subject || !message || !input.department) return 'missing_fields';
	if (subject.length < subjectLength.min) return 'subject_too_short';
	if (subject.length > subjectLength.max || message.length > messageMaxLength) return 'too_long';
	if (!isDepartment(input.department)) return 'missing_fields';
	const serviceId = input.serviceId || null;
	if (serviceId && !isUuid(serviceId)) return 'invalid_service';
	return { subject, department: input.department, serviceId, message };
}

/** A reply as typed: trimmed, not empty, within the database's length. */
export function checkMessage(
	message: string | undefined,
): { message: string } | { refusal: 'missing_fields' | 'too_long' } {
	const trimmed = (message ?? '').trim();
	if (!trimmed) return { refusal: 'missing_fields' };
	return trimmed.length > messageMaxLength ? { refusal: 'too_long' } : { message: trimmed };
}

/** Opens a ticket with its first message (open_ticket, as the customer); its id. */
export async function openTicket(
	client: CustomerClient,
	userId: string,
	ticket: NewTicket,
): Promise<{ id: string } | 'invalid_service'> {
	if (ticket.serviceId) {
		// Asked first so the answer is plain; the insert policy would refuse it anyway (42501).
		const { data, error } = await client
			.from('services')
			.select('id')
			.eq('id', ticket.serviceId)
			.eq('user_id', userId)
			.maybeSingle();
		if (error) throw new Error(`services: ${error.message}`);
		if (!data) return 'invalid_service';
	}
	const { data, error } = await client.rpc('open_ticket', {
		subject: ticket.subject,
		department: ticket.department,
		message: ticket.message,
		service_id: ticket.serviceId ?? undefined,
	});
	if (error?.code === '42501') return 'invalid_service';
	if (error) throw new Error(`open_ticket: ${error.message}`);
	return { id: data.id };
}

export type Changed = { id: string; status: TicketStatus } | 'not_found';

/** The customer's reply; a closed ticket opens again. */
export async function replyToTicket(
	client: CustomerClient,
	ticketId: string,
	message: string,
): Promise<Changed> {
	if (!isUuid(ticketId)) return 'not_found';
	const { data, error } = await client.rpc('reply_to_ticket', { ticket: ticketId, message });
	if (error) throw new Error(`reply_to_ticket: ${error.message}`);
	return data === 'not_found' ? data : { id: ticketId, status: 'open' };
}

/** Closes the customer's ticket (the policy lets them set closed, and nothing else). */
export async function closeTicket(
	client: CustomerClient,
	userId: string,
	ticketId: string,
): Promise<Changed> {
	if (!isUuid(ticketId)) return 'not_found';
	const { data, error } = await client
		.from('tickets')
		.update({ status: 'closed' })
		.eq('id', ticketId)
		.eq('user_id', userId)
		.select('id');
	if (error) throw new Error(`close ticket ${ticketId}: ${error.message}`);
	return data.length ? { id: ticketId, status: 'closed' } : 'not_found';
}

/** Reopens a closed ticket; one that is not closed stays as it is. */
export async function reopenTicket(client: CustomerClient, ticketId: string): Promise<Changed> {
	if (!isUuid(ticketId)) return 'not_found';
	const { data, error } = await client.rpc('reopen_ticket', { ticket: ticketId });
	if (error) throw new Error(`reopen_ticket: ${error.message}`);
	// Anything but not_found is the ticket's status, one of the list the tickets table checks.
	return data === 'not_found' ? data : { id: ticketId, status: ticketStatusSchema.parse(data) };
}
