import { z } from 'zod';
import {
	departmentSchema,
	ticketStatusSchema,
	type TicketList,
	type TicketRow,
	type TicketThread,
} from '../../lib/panel/support';
import { isUuid } from '../../lib/uuid';
import { serviceRef } from '../invoices/rows';
import type { CustomerClient } from '../supabase/customer-client';
import { vpsNamer } from '../vps/hostnames';

// The support pages' reads, as the customer: row-level security decides what they see, and each
// query also names the customer so the planner uses the per-customer indexes.

/**
 * tickets_overview's row (20261125120000_support_threads.sql), parsed: the generated types cannot
 * tell which of its columns may be null (a ticket without a service, a VPS without a game).
 */
const overviewRowSchema = z.object({
	id: z.string(),
	subject: z.string(),
	department: departmentSchema,
	status: ticketStatusSchema,
	service_id: z.string().nullable(),
	service_type: z.string().nullable(),
	service_game: z.string().nullable(),
	service_plan: z.string().nullable(),
	service_label: z.string().nullable(),
	created_at: z.string(),
	last_reply_at: z.string(),
});
type OverviewRow = z.infer<typeof overviewRowSchema>;

function ticketRow(row: OverviewRow): TicketRow {
	return {
		id: row.id,
		subject: row.subject,
		department: row.department,
		status: row.status,
		service: row.service_id
			? serviceRef({
					id: row.service_id,
					product_type: row.service_type,
					game: row.service_game,
					plan_id: row.service_plan,
					label: row.service_label,
				})
			: null,
		createdAt: row.created_at,
		lastReplyAt: row.last_reply_at,
	};
}

/** The customer's tickets, newest activity first, and their servers for the new-ticket form. */
export async function listTickets(client: CustomerClient, userId: string): Promise<TicketList> {
	const [tickets, services] = await Promise.all([
		client
			.rpc('tickets_overview')
			.order('last_reply_at', { ascending: false })
			.order('id', { ascending: true }),
		// A deleted server is nothing to ask about any more (its old tickets still name it).
		client
			.from('services')
			.select('id, product_type, game, plan_id, label, vps_machines(hostname)')
			.eq('user_id', userId)
			.neq('status', 'terminated')
			.order('created_at', { ascending: false })
			.limit(100),
	]);
	if (tickets.error) throw new Error(`tickets_overview: ${tickets.error.message}`);
	if (services.error) throw new Error(`services: ${services.error.message}`);
	const rows = z.array(overviewRowSchema).parse(tickets.data).map(ticketRow);
	// tickets_overview does not carry a VPS's hostname: one read names them.
	const name = await vpsNamer(
		client,
		rows.map((row) => row.service),
	);
	return {
		tickets: rows.map((row) => ({ ...row, service: name(row.service) })),
		services: services.data.map(serviceRef),
	};
}

const threadColumns = `id, subject, department, status, created_at,
	services(id, product_type, game, plan_id, label, vps_machines(hostname)),
	ticket_messages(id, author, body, created_at)`;

/** One ticket with every message, oldest first; null for a malformed, missing or foreign id. */
export async function ticketThread(
	client: CustomerClient,
	userId: string,
	ticketId: string,
): Promise<TicketThread | null> {
	if (!isUuid(ticketId)) return null;
	const { data, error } = await client
		.from('tickets')
		.select(threadColumns)
		.eq('id', ticketId)
		.eq('user_id', userId)
		.order('created_at', { referencedTable: 'ticket_messages', ascending: true })
		.maybeSingle();
	if (error) throw new Error(`ticket ${ticketId}: ${error.message}`);
	if (!data) return null;
	return {
		id: data.id,
		subject: data.subject,
		department: departmentSchema.parse(data.department),
		status: ticketStatusSchema.parse(data.status),
		service: data.services ? serviceRef(data.services) : null,
		createdAt: data.created_at,
		messages: data.ticket_messages.map((message) => ({
			id: message.id,
			author: message.author === 'staff' ? 'staff' : 'customer',
			body: message.body,
			at: message.created_at,
		})),
	};
}
