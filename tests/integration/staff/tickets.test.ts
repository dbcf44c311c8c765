import { randomUUID } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import da from '../../../src/i18n/ui/da.json' with { type: 'json' };
import { ids, startProductStack, type Personas } from '../data-model/personas.ts';
import { clientFor, messages, type Client } from '../local-stack/helpers.ts';
import type * as Actions from '../../../src/server/staff/tickets/actions.ts';
import type * as Queries from '../../../src/server/staff/tickets/queries.ts';
import type * as CustomerQueries from '../../../src/server/support/queries.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';
import type { Staff } from '../../../src/server/staff/door.ts';
import type { InboxFilter } from '../../../src/lib/staff/tickets.ts';

// The staff console's tickets (issue 32) against the local stack with the product's migrations
// and seed: the inbox (open and answered only, the one waiting longest first, its filters), one
// ticket with its customer and their servers, and the four writes through their routes and the
// staff write door: a reply (as staff, the ticket answered, the customer mailed in their
// language), the department, the status, taking a ticket. Each write that changes something
// leaves exactly one audit entry; bad input and missing tickets are refused and change nothing.
// Customers see none of it: not who took their ticket, and none of the staff functions.

let p: Personas;
let admin: AdminClient;
let a: typeof Actions;
let q: typeof Queries;
let cq: typeof CustomerQueries;
type Route = 'replies' | 'department' | 'status' | 'assign';
let routes: Record<Route, APIRoute>;

const password = 'staff-tickets-2026';
let staff: Staff;
let colleague: Staff;
/** Customer A is mailed in Danish and has a server; B is mailed in English. */
let customerA: { id: string; email: string; client: Client };
let customerB: { id: string; email: string };
let serviceA: string;
/** The test's own tickets, by what they are for. */
const t = {} as Record<'old' | 'silent' | 'answered' | 'nudged' | 'fresh' | 'closed', string>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const daysAgo = (days: number) => hoursAgo(days * 24);

async function account(email: string, locale: string): Promise<string> {
	const made = await p.service.auth.admin.createUser({ email, password, email_confirm: true });
	if (!made.data.user) throw made.error ?? new Error('no user');
	const { error } = await p.service
		.from('profiles')
		.update({ preferred_locale: locale, first_name: 'Test', last_name: locale.toUpperCase() })
		.eq('id', made.data.user.id);
	if (error) throw error;
	return made.data.user.id;
}

async function grant(email: string): Promise<Staff> {
	const id = await account(email, 'en');
	const { data, error } = await p.service.rpc('grant_staff', { email });
	if (error || data !== 'granted') throw error ?? new Error(String(data));
	return { id, email };
}

/** A ticket as a customer made it, its messages (author, when) written at their own times. */
async function ticket(
	owner: string,
	fields: { subject: string; department: string; status: string; opened: string },
	thread: [author: 'customer' | 'staff', at: string][],
	serviceId: string | null = null,
): Promise<string> {
	const { data, error } = await p.service
		.from('tickets')
		.insert({
			user_id: owner,
			service_id: serviceId,
			subject: fields.subject,
			department: fields.department,
			status: fields.status,
			created_at: fields.opened,
			updated_at: fields.opened,
		})
		.select('id')
		.single();
	if (error) throw error;
	if (thread.length) {
		const written = await p.service.from('ticket_messages').insert(
			thread.map(([author, at], n) => ({
				ticket_id: data.id,
				user_id: owner,
				author,
				body: `${author} message ${n + 1} about ${fields.subject}`,
				created_at: at,
			})),
		);
		if (written.error) throw written.error;
	}
	return data.id;
}

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PUBLIC_SITE_URL: 'http://site.test',
	});
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	a = await import('../../../src/server/staff/tickets/actions.ts');
	q = await import('../../../src/server/staff/tickets/queries.ts');
	cq = await import('../../../src/server/support/queries.ts');
	routes = {
		replies: (await import('../../../src/pages/api/staff/tickets/[id]/replies.ts')).POST,
		department: (await import('../../../src/pages/api/staff/tickets/[id]/department.ts')).POST,
		status: (await import('../../../src/pages/api/staff/tickets/[id]/status.ts')).POST,
		assign: (await import('../../../src/pages/api/staff/tickets/[id]/assign.ts')).POST,
	};

	staff = await grant('agnes.staff@frostnode.example');
	colleague = await grant('bjorn.staff@frostnode.example');
	const emailA = 'kunde.a@example.com';
	customerA = { id: await account(emailA, 'da'), email: emailA, client: clientFor(p.stack) };
	const signedIn = await customerA.client.auth.signInWithPassword({ email: emailA, password });
	if (signedIn.error) throw signedIn.error;
	customerB = {
		id: await account('customer.b@example.com', 'en'),
		email: 'customer.b@example.com',
	};

	const service = await p.service
		.from('services')
		.insert({
			user_id: customerA.id,
			product_type: 'game',
			location: 'oslo',
			game: 'palworld',
			plan_id: 'palworld-standard',
			tier: 'standard',
			label: 'Pal island',
			ram_gb: 8,
			storage_gb: 25,
			billing_cycle: 'monthly',
			currency: 'EUR',
			recurring_amount: 800,
			status: 'active',
		})
		.select('id')
		.single();
	if (service.error) throw service.error;
	serviceA = service.data.id;

	// Waiting since: old 6 days (its customer wrote then and again a day later), silent 4
	// (opened then, no message yet), answered 3 (its customer wrote 10 days ago, staff 3 days
	// ago), nudged 2 (answered a week ago, asked again 2 days ago and an hour ago), the seeded
	// demo ticket 1, fresh 2 hours.
	t.old = await ticket(
		customerA.id,
		{
			subject: 'Palworld lags every evening',
			department: 'technical',
			status: 'open',
			opened: daysAgo(6),
		},
		[
			['customer', daysAgo(6)],
			['customer', daysAgo(5)],
		],
		serviceA,
	);
	t.silent = await ticket(
		customerB.id,
		{ subject: 'Opened without a word', department: 'billing', status: 'open', opened: daysAgo(4) },
		[],
	);
	t.answered = await ticket(
		customerA.id,
		{
			subject: 'Invoice address wrong',
			department: 'billing',
			status: 'answered',
			opened: daysAgo(12),
		},
		[
			['customer', daysAgo(10)],
			['staff', daysAgo(3)],
		],
	);
	t.nudged = await ticket(
		customerB.id,
		{
			subject: 'Backups missing again',
			department: 'technical',
			status: 'open',
			opened: daysAgo(8),
		},
		[
			['customer', daysAgo(8)],
			['staff', daysAgo(7)],
			['customer', daysAgo(2)],
			['customer', hoursAgo(1)],
		],
	);
	t.fresh = await ticket(
		customerB.id,
		{
			subject: 'Do you sell Valheim servers?',
			department: 'sales',
			status: 'open',
			opened: hoursAgo(2),
		},
		[['customer', hoursAgo(2)]],
	);
	t.closed = await ticket(
		customerA.id,
		{
			subject: 'An old closed question',
			department: 'technical',
			status: 'closed',
			opened: daysAgo(20),
		},
		[['customer', daysAgo(20)]],
	);
});
afterAll(() => p.stack.stop());

const everything: InboxFilter = {
	statuses: ['open', 'answered'],
	department: null,
	search: '',
	mine: false,
	page: 1,
};
const inboxIds = async (filter: Partial<InboxFilter> = {}, who: Staff = staff) =>
	(await q.ticketInbox(admin, { ...everything, ...filter }, who)).rows.map((row) => row.id);

interface Answer {
	requestId: string;
	status: number;
	body: { error?: { code: string; message: string } } & Record<string, unknown>;
	replayed: boolean;
}

/** POST /api/staff/tickets/{id}/{route} as the site serves it to staff (the guard has passed). */
async function post(
	route: Route,
	id: string,
	body: Record<string, unknown> = {},
	options: { as?: Staff; requestId?: string } = {},
): Promise<Answer> {
	const requestId = options.requestId ?? randomUUID();
	const url = new URL(`http://127.0.0.1:4321/api/staff/tickets/${id}/${route}`);
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ ...body, requestId }),
	});
	const context = {
		request,
		url,
		params: { id },
		locals: { staff: options.as ?? staff },
		cookies: { get: () => undefined },
		rewrite: () => {
			throw new Error('not staff');
		},
	};
	const response = await routes[route](context as unknown as APIContext);
	return {
		requestId,
		status: response.status,
		body: await response.json(),
		replayed: response.headers.get('Idempotent-Replayed') === 'true',
	};
}

const auditOf = async (requestId: string) => {
	const { data, error } = await p.service
		.from('staff_audit')
		.select('staff_id, staff_email, action, customer_id, subject, before, after')
		.eq('request_id', requestId);
	if (error) throw error;
	return data;
};

/** What a write could change on a ticket, and how many messages it has. */
const ticketRow = async (id: string) => {
	const [row, count] = await Promise.all([
		p.service.from('tickets').select('status, department, updated_at').eq('id', id).single(),
		p.service
			.from('ticket_messages')
			.select('id', { count: 'exact', head: true })
			.eq('ticket_id', id),
	]);
	if (row.error) throw row.error;
	return { ...row.data, messages: count.count };
};

const mailsTo = async (address: string) =>
	(await messages(p.stack)).filter((mail) => mail.to.includes(address));

describe('the inbox', () => {
	it('holds open and answered tickets only, the one waiting longest first', async () => {
		const inbox = await q.ticketInbox(admin, everything, staff);
		expect(inbox.rows.map((row) => row.id)).toEqual([
			t.old,
			t.silent,
			t.answered,
			t.nudged,
			ids.openTicket,
			t.fresh,
		]);
		expect(inbox.total).toBe(6);
		expect(inbox.rows.map((row) => row.id)).not.toContain(t.closed);
		const [old, silent, answered, nudged] = inbox.rows;
		expect(old).toMatchObject({
			subject: 'Palworld lags every evening',
			status: 'open',
			department: 'technical',
			customer: { id: customerA.id, email: customerA.email, name: 'Test DA', services: 1 },
			service: { id: serviceA, type: 'game', game: 'palworld', label: 'Pal island' },
			lastMessage: {
				author: 'customer',
				body: 'customer message 2 about Palworld lags every evening',
			},
			assignee: null,
		});
		const since = (row: typeof old) => new Date(row!.waitingSince).getTime();
		// Waiting since its customer first wrote, not since they wrote again.
		expect(since(old)).toBeCloseTo(Date.parse(daysAgo(6)), -4);
		// Since the customer first wrote after our reply, not since the nudge an hour ago.
		expect(since(nudged)).toBeCloseTo(Date.parse(daysAgo(2)), -4);
		expect(nudged!.lastMessage).toMatchObject({ author: 'customer', body: /message 4/ });
		// An answered ticket waits for the customer from our reply.
		expect(since(answered)).toBeCloseTo(Date.parse(daysAgo(3)), -4);
		expect(silent).toMatchObject({ lastMessage: null, service: null, customer: { services: 0 } });
		expect(silent!.waitingSince).toBe(silent!.createdAt);
		expect(answered).toMatchObject({ status: 'answered', lastMessage: { author: 'staff' } });
	});

	it('is filtered by status, department, subject or address, and pages', async () => {
		expect(await inboxIds({ statuses: ['answered'] })).toEqual([t.answered]);
		expect(await inboxIds({ statuses: ['open'] })).toEqual([
			t.old,
			t.silent,
			t.nudged,
			ids.openTicket,
			t.fresh,
		]);
		expect(await inboxIds({ department: 'sales' })).toEqual([t.fresh]);
		expect(await inboxIds({ department: 'billing' })).toEqual([
			t.silent,
			t.answered,
			ids.openTicket,
		]);
		expect(await inboxIds({ search: 'CUSTOMER.B@' })).toEqual([t.silent, t.nudged, t.fresh]);
		expect(await inboxIds({ search: 'invoice ADDRESS' })).toEqual([t.answered]);
		// A closed ticket is not in the inbox whatever is asked for.
		expect(await inboxIds({ search: 'old closed' })).toEqual([]);
		expect(await inboxIds({ mine: true })).toEqual([]);
		const page = await admin.rpc('staff_ticket_inbox', { page_size: 2, page_offset: 2 });
		expect(page.data!.map((row) => [row.id, row.total])).toEqual([
			[t.answered, 6],
			[t.nudged, 6],
		]);
	});
});

describe('one ticket', () => {
	it('shows its messages, its customer and all their servers, whatever its status', async () => {
		const closed = await q.staffTicket(admin, t.closed);
		expect(closed).toMatchObject({ id: t.closed, status: 'closed', assignee: null });
		const old = await q.staffTicket(admin, t.old);
		expect(old).toMatchObject({
			subject: 'Palworld lags every evening',
			department: 'technical',
			status: 'open',
			serviceId: serviceA,
			customer: { id: customerA.id, email: customerA.email, name: 'Test DA', locale: 'da' },
			services: [{ id: serviceA, label: 'Pal island', status: 'active' }],
			assignee: null,
		});
		expect(old!.messages.map((m) => m.body)).toEqual([
			'customer message 1 about Palworld lags every evening',
			'customer message 2 about Palworld lags every evening',
		]);
	});

	it('is null for a missing or malformed id', async () => {
		expect(await q.staffTicket(admin, randomUUID())).toBeNull();
		expect(await q.staffTicket(admin, 'ticket-1')).toBeNull();
	});
});

describe('a reply', () => {
	it('is in the customer’s thread as staff, answers the ticket and mails them in Danish', async () => {
		const reply = 'We have moved your server to a quieter node.\n\nTell us how tonight goes.';
		const answer = await post('replies', t.old, { message: reply });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ id: t.old, status: 'answered', mailed: true, mailLocale: 'da' });
		expect(await auditOf(answer.requestId)).toEqual([
			{
				staff_id: staff.id,
				staff_email: staff.email,
				action: 'ticket_replied',
				customer_id: customerA.id,
				subject: `ticket:${t.old}`,
				before: { status: 'open' },
				after: { status: 'answered', length: reply.length, mailed: true },
			},
		]);

		// The customer reads it in their own thread, as the panel does.
		const thread = await cq.ticketThread(customerA.client, customerA.id, t.old);
		expect(thread!.status).toBe('answered');
		expect(thread!.messages.at(-1)).toMatchObject({ author: 'staff', body: reply });

		const [mail] = await mailsTo(customerA.email);
		expect(mail!.subject).toBe(
			da['mail.support.reply.subject'].replace('{subject}', 'Palworld lags every evening'),
		);
		expect(mail!.text).toContain(reply);
		expect(mail!.text).toContain(`http://site.test/da/panel/support/tickets/${t.old}`);

		// The inbox counts it as waiting for the customer since now: last.
		expect((await inboxIds()).at(-1)).toBe(t.old);
	});

	it('asked again with the same request id is answered once: one message, one entry, one mail', async () => {
		const before = await ticketRow(t.answered);
		const mails = (await mailsTo(customerA.email)).length;
		const first = await post('replies', t.answered, { message: 'Fixed the address.' });
		const again = await post(
			'replies',
			t.answered,
			{ message: 'Fixed the address.' },
			{ requestId: first.requestId },
		);
		expect(again).toEqual({ ...first, replayed: true });
		expect((await ticketRow(t.answered)).messages).toBe(before.messages! + 1);
		expect(await auditOf(first.requestId)).toHaveLength(1);
		expect((await mailsTo(customerA.email)).length).toBe(mails + 1);
	});

	it('through the action: returns the one audit entry, and goes in English to an English customer', async () => {
		const outcome = await a.replyToTicketAsStaff(
			{
				staff,
				admin,
				locale: 'en',
				body: { message: '  Yes, we do.  ' },
				origin: 'http://site.test',
			},
			t.fresh,
		);
		expect(outcome).toEqual({
			status: 200,
			body: { id: t.fresh, status: 'answered', mailed: true, mailLocale: 'en' },
			audit: {
				action: 'ticket_replied',
				customerId: customerB.id,
				subject: `ticket:${t.fresh}`,
				before: { status: 'open' },
				after: { status: 'answered', length: 'Yes, we do.'.length, mailed: true },
			},
		});
		const [mail] = await mailsTo(customerB.email);
		expect(mail!.subject).toBe('New reply to your ticket: Do you sell Valheim servers?');
		expect(mail!.text).toContain(`http://site.test/panel/support/tickets/${t.fresh}`);
	});
});

describe('department and status', () => {
	it('moves a ticket to another department, with one entry; the same department again changes nothing', async () => {
		const moved = await post('department', t.silent, { department: 'sales' });
		expect(moved.status).toBe(200);
		expect(moved.body).toEqual({ id: t.silent, department: 'sales', changed: true });
		expect(await auditOf(moved.requestId)).toEqual([
			expect.objectContaining({
				action: 'ticket_department_changed',
				customer_id: customerB.id,
				subject: `ticket:${t.silent}`,
				before: { department: 'billing' },
				after: { department: 'sales' },
			}),
		]);
		expect((await ticketRow(t.silent)).department).toBe('sales');
		expect(await inboxIds({ department: 'sales' })).toContain(t.silent);

		const before = await ticketRow(t.silent);
		const same = await post('department', t.silent, { department: 'sales' });
		expect(same.body).toEqual({ id: t.silent, department: 'sales', changed: false });
		expect(await auditOf(same.requestId)).toEqual([]);
		expect(await ticketRow(t.silent)).toEqual(before);
	});

	it('sets the status, with one entry: a closed ticket leaves the inbox, an opened one is back', async () => {
		const closed = await post('status', t.silent, { status: 'closed' });
		expect(closed.body).toEqual({ id: t.silent, status: 'closed', changed: true });
		expect(await auditOf(closed.requestId)).toEqual([
			expect.objectContaining({
				action: 'ticket_status_changed',
				customer_id: customerB.id,
				before: { status: 'open' },
				after: { status: 'closed' },
			}),
		]);
		expect(await inboxIds()).not.toContain(t.silent);
		const opened = await post('status', t.closed, { status: 'open' });
		expect(opened.body).toEqual({ id: t.closed, status: 'open', changed: true });
		expect(await auditOf(opened.requestId)).toHaveLength(1);
		expect(await inboxIds()).toContain(t.closed);
		const same = await post('status', t.closed, { status: 'open' });
		expect(same.body).toMatchObject({ changed: false });
		expect(await auditOf(same.requestId)).toEqual([]);
	});

	it('through the actions: each change returns its one audit entry', async () => {
		const request = { staff, admin, locale: 'en' as const, origin: 'http://site.test' };
		expect(
			await a.changeTicketDepartment({ ...request, body: { department: 'billing' } }, t.closed),
		).toEqual({
			status: 200,
			body: { id: t.closed, department: 'billing', changed: true },
			audit: {
				action: 'ticket_department_changed',
				customerId: customerA.id,
				subject: `ticket:${t.closed}`,
				before: { department: 'technical' },
				after: { department: 'billing' },
			},
		});
		expect(
			await a.changeTicketStatus({ ...request, body: { status: 'answered' } }, t.closed),
		).toEqual({
			status: 200,
			body: { id: t.closed, status: 'answered', changed: true },
			audit: {
				action: 'ticket_status_changed',
				customerId: customerA.id,
				subject: `ticket:${t.closed}`,
				before: { status: 'open' },
				after: { status: 'answered' },
			},
		});
	});
});

describe('taking a ticket', () => {
	it('assigns it to the member of staff asking, with one entry; their inbox of their own shows it', async () => {
		const taken = await post('assign', t.answered);
		expect(taken.status).toBe(200);
		expect(taken.body).toEqual({
			id: t.answered,
			assignee: { id: staff.id, email: staff.email },
			changed: true,
		});
		expect(await auditOf(taken.requestId)).toEqual([
			expect.objectContaining({
				action: 'ticket_assigned',
				staff_id: staff.id,
				customer_id: customerA.id,
				subject: `ticket:${t.answered}`,
				before: { assignee: null },
				after: { assignee: { id: staff.id, email: staff.email } },
			}),
		]);
		expect(await inboxIds({ mine: true })).toEqual([t.answered]);
		expect(await inboxIds({ mine: true }, colleague)).toEqual([]);
		expect((await q.staffTicket(admin, t.answered))!.assignee).toMatchObject({
			id: staff.id,
			email: staff.email,
		});
		const row = (await q.ticketInbox(admin, everything, staff)).rows.find(
			(r) => r.id === t.answered,
		);
		expect(row!.assignee).toEqual({ id: staff.id, email: staff.email });
	});

	it('taken again by its holder changes nothing; a colleague takes it over, with one entry', async () => {
		const again = await post('assign', t.answered);
		expect(again.body).toMatchObject({ changed: false });
		expect(await auditOf(again.requestId)).toEqual([]);

		const over = await post('assign', t.answered, {}, { as: colleague });
		expect(over.body).toEqual({
			id: t.answered,
			assignee: { id: colleague.id, email: colleague.email },
			changed: true,
		});
		expect(await auditOf(over.requestId)).toEqual([
			expect.objectContaining({
				action: 'ticket_assigned',
				staff_id: colleague.id,
				before: { assignee: { id: staff.id, email: staff.email } },
				after: { assignee: { id: colleague.id, email: colleague.email } },
			}),
		]);
		expect(await inboxIds({ mine: true })).toEqual([]);
		expect(await inboxIds({ mine: true }, colleague)).toEqual([t.answered]);
	});
});

describe('bad input', () => {
	const missing = '00000000-0000-4000-8000-000000000000';

	it('is refused in the caller’s language, leaves no entry and changes nothing', async () => {
		const before = await ticketRow(t.fresh);
		const assigned = await p.service.from('ticket_assignments').select('*');
		const mails = (await messages(p.stack)).length;
		const cases: [Route, string, Record<string, unknown>, number, string][] = [
			['replies', t.fresh, { message: '' }, 400, 'missing_message'],
			['replies', t.fresh, { message: ' \n\t ' }, 400, 'missing_message'],
			['replies', t.fresh, {}, 400, 'missing_message'],
			['replies', t.fresh, { message: 'x'.repeat(10_001) }, 400, 'too_long'],
			['replies', missing, { message: 'Hello' }, 404, 'not_found'],
			['replies', 'ticket-1', { message: 'Hello' }, 404, 'not_found'],
			['department', t.fresh, { department: 'admin' }, 400, 'invalid_department'],
			['department', t.fresh, {}, 400, 'invalid_department'],
			['department', missing, { department: 'sales' }, 404, 'not_found'],
			['status', t.fresh, { status: 'pending' }, 400, 'invalid_status'],
			['status', t.fresh, { status: 'OPEN' }, 400, 'invalid_status'],
			['status', missing, { status: 'closed' }, 404, 'not_found'],
			['assign', missing, {}, 404, 'not_found'],
			['assign', 'ticket-1', {}, 404, 'not_found'],
		];
		for (const [route, id, body, status, code] of cases) {
			const answer = await post(route, id, body);
			expect([route, answer.status, answer.body.error?.code]).toEqual([route, status, code]);
			expect(await auditOf(answer.requestId)).toEqual([]);
		}
		expect(await ticketRow(t.fresh)).toEqual(before);
		expect(await p.service.from('ticket_assignments').select('*')).toEqual(assigned);
		expect((await messages(p.stack)).length).toBe(mails);
		const strange = await p.service
			.from('ticket_messages')
			.select('id', { count: 'exact', head: true })
			.eq('ticket_id', missing);
		expect(strange.count).toBe(0);
	});

	it('answers in the language the request names', async () => {
		const answer = await post('replies', t.fresh, { message: '', locale: 'da' });
		expect(answer.body.error).toEqual({
			code: 'missing_message',
			message: da['staff.tickets.error.emptyReply'],
		});
		const unknown = await post('department', missing, { department: 'sales', locale: 'da' });
		expect(unknown.body.error!.message).toBe(da['staff.tickets.error.notFound']);
	});

	it('without a request id is not read at all', async () => {
		const url = new URL(`http://127.0.0.1:4321/api/staff/tickets/${t.fresh}/status`);
		const request = new Request(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ status: 'closed' }),
		});
		const context = {
			request,
			url,
			params: { id: t.fresh },
			locals: { staff },
			cookies: { get: () => undefined },
		};
		const response = await routes.status(context as unknown as APIContext);
		expect(response.status).toBe(400);
		expect((await ticketRow(t.fresh)).status).toBe('answered');
	});
});

describe('customers', () => {
	it('cannot see who took their ticket: the tickets they read are as they were', async () => {
		const { data } = await customerA.client
			.from('tickets')
			.select('*')
			.eq('id', t.answered)
			.single();
		expect(Object.keys(data as object).sort()).toEqual([
			'created_at',
			'department',
			'id',
			'service_id',
			'status',
			'subject',
			'updated_at',
			'user_id',
		]);
		const assignments = await customerA.client.from('ticket_assignments').select('*');
		expect(assignments.error?.code ?? assignments.data).toSatisfy(
			(v: unknown) => v === '42501' || (Array.isArray(v) && v.length === 0),
		);
		const write = await customerA.client
			.from('ticket_assignments')
			.insert({ ticket_id: t.old, staff_id: customerA.id });
		expect(write.error?.code).toBe('42501');
	});

	it('cannot call any of the staff functions', async () => {
		const calls = [
			customerA.client.rpc('staff_ticket_inbox', {}),
			customerA.client.rpc('staff_ticket', { ticket: t.old }),
			customerA.client.rpc('staff_set_ticket_department', { ticket: t.old, department: 'sales' }),
			customerA.client.rpc('staff_set_ticket_status', { ticket: t.old, status: 'closed' }),
			customerA.client.rpc('staff_take_ticket', { ticket: t.old, staff: customerA.id }),
			p.anon.rpc('staff_ticket', { ticket: t.old }),
		];
		for (const call of await Promise.all(calls)) expect(call.error?.code).toBe('42501');
		const row = await ticketRow(t.old);
		expect([row.status, row.department]).toEqual(['answered', 'technical']);
	});
});
