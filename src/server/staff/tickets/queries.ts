import { z } from 'zod';
import { departmentSchema, ticketStatusSchema } from '../../../lib/panel/support';
import {
	inboxPageSize,
	inboxStatuses,
	type InboxFilter,
	type InboxPage,
	type StaffTicketView,
} from '../../../lib/staff/tickets';
import { isUuid } from '../../../lib/uuid';
import { serviceRef } from '../../invoices/rows';
import type { AdminClient } from '../../supabase/admin-client';
import { vpsNamer } from '../../vps/hostnames';
import type { Staff } from '../door';

// The staff console's ticket reads, with the service role (the staff door has let the request
// in): the inbox and one ticket. Both are functions of 20261128110000_staff_tickets.sql, which
// only the service role may call; their answers are parsed here, since the generated types cannot
// tell which columns may be null.

const author = z.enum(['customer', 'staff']);

const inboxRowSchema = z.object({
	id: z.string(),
	subject: z.string(),
	department: departmentSchema,
	status: z.enum(inboxStatuses),
	created_at: z.string(),
	waiting_since: z.string(),
	last_author: author.nullable(),
	last_body: z.string().nullable(),
	customer_id: z.string(),
	customer_email: z.string().nullable(),
	customer_name: z.string().nullable(),
	service_id: z.string().nullable(),
	service_type: z.string().nullable(),
	service_game: z.string().nullable(),
	service_plan: z.string().nullable(),
	service_label: z.string().nullable(),
	customer_services: z.coerce.number(),
	assignee_id: z.string().nullable(),
	assignee_email: z.string().nullable(),
	total: z.coerce.number(),
});

/** The inbox: open and answered tickets, the one waiting longest first, a page at a time. */
export async function ticketInbox(
	admin: AdminClient,
	filter: InboxFilter,
	staff: Pick<Staff, 'id'>,
): Promise<InboxPage> {
	const { data, error } = await admin.rpc('staff_ticket_inbox', {
		filter_statuses: filter.statuses,
		filter_department: filter.department ?? undefined,
		filter_search: filter.search || undefined,
		filter_assignee: filter.mine ? staff.id : undefined,
		page_size: inboxPageSize,
		page_offset: (filter.page - 1) * inboxPageSize,
	});
	if (error) throw new Error(`staff_ticket_inbox: ${error.message}`);
	const parsed = z.array(inboxRowSchema).parse(data);
	const rows = parsed.map((row) => ({
		id: row.id,
		subject: row.subject,
		department: row.department,
		status: row.status,
		createdAt: row.created_at,
		waitingSince: row.waiting_since,
		lastMessage:
			row.last_author && row.last_body !== null
				? { author: row.last_author, body: row.last_body }
				: null,
		customer: {
			id: row.customer_id,
			email: row.customer_email ?? '',
			name: row.customer_name ?? '',
			services: row.customer_services,
		},
		service: row.service_id
			? serviceRef({
					id: row.service_id,
					product_type: row.service_type,
					game: row.service_game,
					plan_id: row.service_plan,
					label: row.service_label,
				})
			: null,
		assignee: row.assignee_id ? { id: row.assignee_id, email: row.assignee_email ?? '' } : null,
	}));
	// The inbox's function does not carry a VPS's hostname: one read names them.
	const name = await vpsNamer(
		admin,
		rows.map((row) => row.service),
	);
	return {
		total: parsed[0]?.total ?? 0,
		rows: rows.map((row) => ({ ...row, service: name(row.service) })),
	};
}

/** staff_ticket's answer (jsonb), or null for no such ticket. */
const ticketSchema = z
	.object({
		id: z.string(),
		subject: z.string(),
		department: departmentSchema,
		status: ticketStatusSchema,
		service_id: z.string().nullable(),
		created_at: z.string(),
		customer: z.object({
			id: z.string(),
			email: z.string().nullable(),
			first_name: z.string(),
			last_name: z.string(),
			company: z.string(),
			country: z.string().nullable(),
			locale: z.string(),
			since: z.string(),
		}),
		assignee: z.object({ id: z.string(), email: z.string().nullable(), at: z.string() }).nullable(),
		messages: z.array(z.object({ id: z.string(), author, body: z.string(), at: z.string() })),
		services: z.array(
			z.object({
				id: z.string(),
				product_type: z.string(),
				game: z.string().nullable(),
				plan_id: z.string(),
				label: z.string(),
				status: z.string(),
			}),
		),
	})
	.nullable();

/** One ticket, whatever its status; null for a malformed or missing id. */
export async function staffTicket(
	admin: AdminClient,
	ticketId: string,
): Promise<StaffTicketView | null> {
	if (!isUuid(ticketId)) return null;
	const { data, error } = await admin.rpc('staff_ticket', { ticket: ticketId });
	if (error) throw new Error(`staff_ticket: ${error.message}`);
	const ticket = ticketSchema.parse(data);
	if (!ticket) return null;
	const { customer } = ticket;
	const services = ticket.services.map((service) => ({
		...serviceRef(service),
		status: service.status,
	}));
	const name = await vpsNamer(admin, services);
	return {
		id: ticket.id,
		subject: ticket.subject,
		department: ticket.department,
		status: ticket.status,
		createdAt: ticket.created_at,
		serviceId: ticket.service_id,
		customer: {
			id: customer.id,
			email: customer.email ?? '',
			name: `${customer.first_name} ${customer.last_name}`.trim(),
			company: customer.company,
			country: customer.country,
			locale: customer.locale,
			since: customer.since,
		},
		services: services.map(name),
		assignee: ticket.assignee
			? { id: ticket.assignee.id, email: ticket.assignee.email ?? '', at: ticket.assignee.at }
			: null,
		messages: ticket.messages,
	};
}
