import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	demo,
	expectOnlyOwnRows,
	ids,
	other,
	staffMember,
	startProductStack,
	visibleRows,
	type Personas,
} from './personas';

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
});
afterAll(() => p.stack.stop());

/** Tables a customer reads their own rows of, the column naming the owner, and who has seeded rows. */
const both = [demo.id, other.id];
const ownedTables: [string, string, string[]][] = [
	// The seed's member of staff is a customer's account too, with a profile and nothing else.
	['profiles', 'id', [...both, staffMember.id]],
	['services', 'user_id', both],
	['service_activity', 'user_id', both],
	['orders', 'user_id', []],
	['invoices', 'user_id', both],
	['invoice_items', 'user_id', both],
	['transactions', 'user_id', both],
	['payment_methods', 'user_id', [demo.id]],
	['tickets', 'user_id', [demo.id]],
	['ticket_messages', 'user_id', [demo.id]],
	['service_upgrades', 'user_id', []],
	['server_software', 'user_id', []],
	['software_installs', 'user_id', []],
];

describe.each(ownedTables)('%s', (table, ownerColumn, seededOwners) => {
	it('anon reads nothing', async () => {
		const rows = await visibleRows(p.anon, table);
		expect(typeof rows === 'string' ? rows : rows.length).toSatisfy(
			(v) => v === 0 || v === '42501',
		);
	});

	it('the service role reads every customer’s rows', async () => {
		const rows = await visibleRows(p.service, table);
		if (typeof rows === 'string') throw new Error(rows);
		expect(new Set(rows.map((row) => row[ownerColumn]))).toEqual(new Set(seededOwners));
	});

	it('each customer reads only their own rows', async () => {
		for (const [client, who] of [
			[p.owner, demo.id],
			[p.other, other.id],
		] as const) {
			if (seededOwners.includes(who)) await expectOnlyOwnRows(client, table, who, ownerColumn);
			else expect(await visibleRows(client, table)).toEqual([]);
		}
	});
});

describe('what customers may write', () => {
	it('money and service state cannot be written by a customer, not even their own rows', async () => {
		const attempts = [
			p.owner.from('invoices').update({ status: 'paid' }).eq('id', ids.overdueInvoice).select(),
			p.owner.from('services').update({ status: 'active' }).eq('id', ids.rust).select(),
			p.owner.from('services').insert({
				user_id: demo.id,
				product_type: 'vps',
				location: 'oslo',
				plan_id: 'vps-premium',
				tier: 'premium',
				ram_gb: 16,
				storage_gb: 90,
				billing_cycle: 'monthly',
				currency: 'EUR',
				recurring_amount: 0,
			}),
			p.owner.from('transactions').insert({
				invoice_id: ids.overdueInvoice,
				user_id: demo.id,
				kind: 'payment',
				gateway: 'test',
				gateway_reference: 'forged',
				amount: 20000,
				currency: 'NOK',
				status: 'succeeded',
			}),
			p.owner.from('payment_events').insert({ id: 'evt_forged', gateway: 'test', type: 'x' }),
			p.owner.from('invoices').delete().eq('id', ids.overdueInvoice),
		];
		for (const { error } of await Promise.all(attempts)) expect(error?.code).toBe('42501');
		const { data } = await p.service
			.from('invoices')
			.select('status')
			.eq('id', ids.overdueInvoice)
			.single();
		expect(data?.status).toBe('overdue');
	});

	it('a customer edits their own profile fields, and nothing else of it', async () => {
		const own = await p.owner
			.from('profiles')
			.update({ city: 'Bergen' })
			.eq('id', demo.id)
			.select('city')
			.single();
		expect(own.data?.city).toBe('Bergen');
		const foreign = await p.owner
			.from('profiles')
			.update({ city: 'Hacked' })
			.eq('id', other.id)
			.select();
		expect(foreign.data).toEqual([]);
		const column = await p.owner.from('profiles').update({ id: other.id }).eq('id', demo.id);
		expect(column.error?.code).toBe('42501');
		const theirs = await p.service.from('profiles').select('city').eq('id', other.id).single();
		expect(theirs.data?.city).toBe('Berlin');
	});

	it('a customer opens tickets and writes in their own only', async () => {
		const ticket = await p.other
			.from('tickets')
			.insert({ subject: 'Valheim lag at night', department: 'technical' })
			.select()
			.single();
		expect(ticket.error).toBeNull();
		expect(ticket.data).toMatchObject({ user_id: other.id, status: 'open' });
		const intoForeign = await p.other
			.from('ticket_messages')
			.insert({ ticket_id: ids.openTicket, body: 'hello' });
		expect(intoForeign.error?.code).toBe('42501');
		const aboutForeignService = await p.other
			.from('tickets')
			.insert({ subject: 'Their server', department: 'billing', service_id: ids.palworld });
		expect(aboutForeignService.error?.code).toBe('42501');
		const asStaff = await p.other
			.from('ticket_messages')
			.insert({ ticket_id: ticket.data!.id, body: 'x', author: 'staff' });
		expect(asStaff.error?.code).toBe('42501');
		const reopen = await p.owner
			.from('tickets')
			.update({ status: 'open' })
			.eq('id', ids.openTicket)
			.select();
		expect(reopen.error?.code).toBe('42501');
	});

	it('discount codes cannot be listed by anyone but the server', async () => {
		for (const client of [p.anon, p.owner]) {
			const { error } = await client.from('discount_codes').select('*');
			expect(error?.code).toBe('42501');
		}
		const { data } = await p.service.from('discount_codes').select('code').order('code');
		expect(data?.map((row) => row.code)).toEqual(['FEB25', 'SP25', 'TEST123']);
	});
});
