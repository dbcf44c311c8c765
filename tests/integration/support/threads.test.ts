import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, ids, other, startProductStack, type Personas } from '../data-model/personas.ts';
import type * as Actions from '../../../src/server/support/actions.ts';
import type * as Queries from '../../../src/server/support/queries.ts';

// Support as the customer (row-level security on), against the demo seed: the demo customer has
// an open billing ticket about the Rust server and a closed technical one (three messages, one
// from staff); the other customer has none. Another customer's ticket is "not found" to every
// read and write, and nothing about it changes.

let p: Personas;
let q: typeof Queries;
let a: typeof Actions;
const closedTicket = '22222222-0000-4000-8000-000000000002';
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	q = await import('../../../src/server/support/queries.ts');
	a = await import('../../../src/server/support/actions.ts');
});
afterAll(() => p.stack.stop());

/** The ticket's status and messages as the service role sees them. */
async function stored(ticketId: string) {
	const ticket = await p.service.from('tickets').select('status').eq('id', ticketId).single();
	const messages = await p.service
		.from('ticket_messages')
		.select('author, body')
		.eq('ticket_id', ticketId)
		.order('created_at');
	return { status: ticket.data?.status as string, messages: messages.data ?? [] };
}

describe('reads as the owner', () => {
	it('lists the tickets newest activity first, with service, status and last reply', async () => {
		const list = await q.listTickets(p.owner, demo.id);
		expect(list.tickets.map((ticket) => ticket.id)).toEqual([ids.openTicket, closedTicket]);
		expect(list.tickets[0]).toMatchObject({
			subject: 'Rust server suspended after payment reminder',
			department: 'billing',
			status: 'open',
			service: { id: ids.rust, type: 'game', game: 'rust', label: 'Monthly wipe' },
		});
		const closed = list.tickets[1]!;
		expect(closed).toMatchObject({ status: 'closed', department: 'technical' });
		// The last of its three messages ("That worked, thanks!"), 29 days ago, not the first.
		const days = (Date.now() - Date.parse(closed.lastReplyAt)) / 86_400_000;
		expect(days).toBeGreaterThan(28.9);
		expect(days).toBeLessThan(29.1);
		// The form offers the customer's servers, newest first.
		expect(list.services.map((service) => service.id)).toEqual([
			ids.palworld,
			ids.rust,
			ids.minecraft,
		]);
	});

	it('shows a thread with every message in order, staff marked as staff', async () => {
		const thread = await q.ticketThread(p.owner, demo.id, closedTicket);
		expect(thread).toMatchObject({
			subject: 'How do I install a Fabric modpack?',
			status: 'closed',
			service: { id: ids.minecraft, game: 'minecraft' },
		});
		expect(thread!.messages.map((m) => m.author)).toEqual(['customer', 'staff', 'customer']);
		expect(thread!.messages[2]!.body).toBe('That worked, thanks!');
	});

	it('shows another customer none of them', async () => {
		const list = await q.listTickets(p.other, other.id);
		expect(list.tickets).toEqual([]);
		expect(list.services.map((service) => service.id)).toEqual([ids.valheim]);
	});
});

describe('another customer’s ticket', () => {
	it('is not found to read, whether asked by id, by owner or malformed', async () => {
		expect(await q.ticketThread(p.other, other.id, ids.openTicket)).toBeNull();
		expect(await q.ticketThread(p.other, demo.id, ids.openTicket)).toBeNull();
		expect(await q.ticketThread(p.owner, demo.id, missing)).toBeNull();
		expect(await q.ticketThread(p.owner, demo.id, 'not-a-uuid')).toBeNull();
	});

	it('is not found to reply, close and reopen, and nothing changes', async () => {
		const before = [await stored(ids.openTicket), await stored(closedTicket)];
		expect(await a.replyToTicket(p.other, ids.openTicket, 'Let me in')).toBe('not_found');
		expect(await a.replyToTicket(p.other, closedTicket, 'Let me in')).toBe('not_found');
		expect(await a.closeTicket(p.other, other.id, ids.openTicket)).toBe('not_found');
		// Naming the owner does not help: the policy still answers as the caller.
		expect(await a.closeTicket(p.other, demo.id, ids.openTicket)).toBe('not_found');
		expect(await a.reopenTicket(p.other, closedTicket)).toBe('not_found');
		for (const id of [missing, 'not-a-uuid']) {
			expect(await a.replyToTicket(p.owner, id, 'x')).toBe('not_found');
			expect(await a.closeTicket(p.owner, demo.id, id)).toBe('not_found');
			expect(await a.reopenTicket(p.owner, id)).toBe('not_found');
		}
		expect([await stored(ids.openTicket), await stored(closedTicket)]).toEqual(before);
	});
});

describe('opening a ticket', () => {
	const valid = { subject: 'Lag at night', department: 'technical', message: 'From 22:00 on.' };

	it('refuses missing fields and a subject too short, before anything is written', () => {
		expect(a.checkNewTicket({ ...valid, subject: '   ' })).toBe('missing_fields');
		expect(a.checkNewTicket({ ...valid, message: '' })).toBe('missing_fields');
		expect(a.checkNewTicket({ ...valid, department: undefined })).toBe('missing_fields');
		expect(a.checkNewTicket({ ...valid, department: 'admin' })).toBe('missing_fields');
		expect(a.checkNewTicket({ ...valid, subject: 'Hi' })).toBe('subject_too_short');
		expect(a.checkNewTicket({ ...valid, message: 'm'.repeat(10_001) })).toBe('too_long');
		expect(a.checkNewTicket({ ...valid, serviceId: 'mine' })).toBe('invalid_service');
		expect(a.checkNewTicket({ ...valid, subject: '  Lag at night ', serviceId: '' })).toEqual({
			...valid,
			serviceId: null,
		});
	});

	it('refuses another customer’s server, and opens none', async () => {
		const checked = a.checkNewTicket({ ...valid, serviceId: ids.palworld });
		if (typeof checked === 'string') throw new Error(checked);
		expect(await a.openTicket(p.other, other.id, checked)).toBe('invalid_service');
		expect((await q.listTickets(p.other, other.id)).tickets).toEqual([]);
	});

	it('opens one about the customer’s own server, first in their list', async () => {
		const checked = a.checkNewTicket({ ...valid, serviceId: ids.valheim });
		if (typeof checked === 'string') throw new Error(checked);
		const opened = await a.openTicket(p.other, other.id, checked);
		if (typeof opened === 'string') throw new Error(opened);
		const thread = await q.ticketThread(p.other, other.id, opened.id);
		expect(thread).toMatchObject({
			subject: 'Lag at night',
			department: 'technical',
			status: 'open',
			service: { id: ids.valheim },
		});
		expect(thread!.messages.map((m) => [m.author, m.body])).toEqual([
			['customer', 'From 22:00 on.'],
		]);
		expect((await q.listTickets(p.other, other.id)).tickets[0]!.id).toBe(opened.id);
	});
});

describe('replying, closing and reopening', () => {
	it('closes, reopens (twice is still open), and a reply to a closed ticket reopens it', async () => {
		expect(await a.closeTicket(p.owner, demo.id, ids.openTicket)).toEqual({
			id: ids.openTicket,
			status: 'closed',
		});
		expect(await a.reopenTicket(p.owner, ids.openTicket)).toEqual({
			id: ids.openTicket,
			status: 'open',
		});
		expect(await a.reopenTicket(p.owner, ids.openTicket)).toEqual({
			id: ids.openTicket,
			status: 'open',
		});

		expect((await stored(closedTicket)).status).toBe('closed');
		expect(await a.replyToTicket(p.owner, closedTicket, '  It broke again.  ')).toEqual({
			id: closedTicket,
			status: 'open',
		});
		const after = await stored(closedTicket);
		expect(after.status).toBe('open');
		expect(after.messages.at(-1)).toEqual({ author: 'customer', body: 'It broke again.' });
		// The newest activity is first now.
		const list = await q.listTickets(p.owner, demo.id);
		expect(list.tickets[0]!.id).toBe(closedTicket);
	});

	it('keeps a customer from writing as staff or setting a status the policy does not allow', async () => {
		const asStaff = await p.owner
			.from('ticket_messages')
			.insert({ ticket_id: ids.openTicket, body: 'Refund approved', author: 'staff' });
		expect(asStaff.error?.code).toBe('42501');
		const staffCall = await p.owner.rpc('staff_reply', {
			ticket: ids.openTicket,
			message: 'Refund approved',
		});
		expect(staffCall.error?.code).toBe('42501');
		const answered = await p.owner
			.from('tickets')
			.update({ status: 'answered' })
			.eq('id', ids.openTicket)
			.select();
		expect(answered.error?.code).toBe('42501');
		// Signed out, none of the ticket functions can be called at all.
		const calls = {
			reply_to_ticket: { ticket: ids.openTicket, message: 'x' },
			reopen_ticket: { ticket: ids.openTicket },
			tickets_overview: {},
		};
		for (const [fn, args] of Object.entries(calls)) {
			const { error } = await p.anon.rpc(fn, args);
			expect(error?.code, fn).toBe('42501');
		}
		const messages = (await stored(ids.openTicket)).messages;
		expect(messages.filter((m) => m.author === 'staff')).toEqual([]);
	});
});
