import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, ids, startProductStack, type Personas } from '../data-model/personas.ts';
import { messages } from '../local-stack/helpers.ts';
import type * as AdminModule from '../../../src/server/supabase/admin-client.ts';
import type * as StaffReply from '../../../src/server/support/staff-reply.ts';
import type * as Queries from '../../../src/server/support/queries.ts';

// Staff replies as `npm run support:reply` makes them (staffReply, with the service role): the
// reply is in the thread as staff, the ticket waits for the customer, and the customer is mailed
// in their profile's language (the demo customer signed up in Norwegian) through the local
// mailbox, with a link to the thread. Customers cannot do any of it themselves.

let p: Personas;
let s: typeof StaffReply;
let q: typeof Queries;
let admin: NonNullable<ReturnType<typeof AdminModule.adminClient>>;
const origin = 'http://site.test';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
	});
	delete process.env.PUBLIC_SITE_URL;
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	s = await import('../../../src/server/support/staff-reply.ts');
	q = await import('../../../src/server/support/queries.ts');
});
afterAll(() => p.stack.stop());

const mailsTo = async (address: string) =>
	(await messages(p.stack)).filter((mail) => mail.to.includes(address));

describe('a staff reply', () => {
	it('shows in the thread as staff, answers the ticket and mails the customer in Norwegian', async () => {
		const reply = 'We have taken the payment again.\n\nYour Rust server is running.';
		const result = await s.staffReply(admin, ids.openTicket, reply, origin);
		expect(result).toEqual({
			outcome: 'sent',
			ticket: ids.openTicket,
			to: demo.email,
			locale: 'no',
			mailed: true,
		});
		const thread = await q.ticketThread(p.owner, demo.id, ids.openTicket);
		expect(thread!.status).toBe('answered');
		expect(thread!.messages.at(-1)).toMatchObject({ author: 'staff', body: reply });
		const list = await q.listTickets(p.owner, demo.id);
		expect(list.tickets[0]).toMatchObject({ id: ids.openTicket, status: 'answered' });

		const [mail] = await mailsTo(demo.email);
		expect(mail!.subject).toBe(
			'Nytt svar i saken din: Rust server suspended after payment reminder',
		);
		expect(mail!.text).toContain(
			'We have taken the payment again.\n\nYour Rust server is running.',
		);
		expect(mail!.text).toContain(`${origin}/no/panel/support/tickets/${ids.openTicket}`);
		// Each paragraph of the reply is a paragraph of the HTML part too.
		expect(mail!.html).toContain('<p>Your Rust server is running.</p>');
	});

	it('follows the language in the customer’s profile', async () => {
		await p.service.from('profiles').update({ preferred_locale: 'de' }).eq('id', demo.id);
		const result = await s.staffReply(admin, ids.openTicket, 'Noch etwas?', origin);
		expect(result).toMatchObject({ outcome: 'sent', locale: 'de', mailed: true });
		const [newest] = await mailsTo(demo.email);
		expect(newest!.subject).toBe(
			'Neue Antwort auf dein Ticket: Rust server suspended after payment reminder',
		);
		expect(newest!.text).toContain(`/de/panel/support/tickets/${ids.openTicket}`);
	});

	it('records nothing for a missing or malformed ticket, or an empty message', async () => {
		const before = (await mailsTo(demo.email)).length;
		const missing = '00000000-0000-4000-8000-000000000000';
		expect(await s.staffReply(admin, missing, 'Hello', origin)).toEqual({ outcome: 'not_found' });
		expect(await s.staffReply(admin, 'ticket-1', 'Hello', origin)).toEqual({
			outcome: 'not_found',
		});
		expect(await s.staffReply(admin, ids.openTicket, ' \n ', origin)).toEqual({
			outcome: 'missing_message',
		});
		const { count } = await p.service
			.from('ticket_messages')
			.select('id', { count: 'exact', head: true })
			.eq('ticket_id', missing);
		expect(count).toBe(0);
		expect((await mailsTo(demo.email)).length).toBe(before);
	});

	it('is the customer’s turn afterwards: their reply makes the ticket open again', async () => {
		const { replyToTicket } = await import('../../../src/server/support/actions.ts');
		expect(await replyToTicket(p.owner, ids.openTicket, 'Thanks, it works.')).toEqual({
			id: ids.openTicket,
			status: 'open',
		});
	});
});

describe('customers cannot write as staff', () => {
	it('neither through staff_reply nor by inserting a staff message', async () => {
		for (const client of [p.owner, p.other]) {
			const call = await client.rpc('staff_reply', { ticket: ids.openTicket, message: 'Approved' });
			expect(call.error?.code).toBe('42501');
		}
		const insert = await p.owner
			.from('ticket_messages')
			.insert({ ticket_id: ids.openTicket, body: 'Approved', author: 'staff' });
		expect(insert.error?.code).toBe('42501');
		const staff = await p.service
			.from('ticket_messages')
			.select('body')
			.eq('ticket_id', ids.openTicket)
			.eq('author', 'staff');
		expect(staff.data!.map((m) => m.body)).not.toContain('Approved');
		const { data } = await p.service
			.from('tickets')
			.select('status')
			.eq('id', ids.openTicket)
			.single();
		expect(data?.status).toBe('open');
	});
});
