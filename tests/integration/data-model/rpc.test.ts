import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startProductStack, type Personas } from './personas';

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
});
afterAll(() => p.stack.stop());

describe('request_cancellation and keep_service', () => {
	it('require a reason, and only the owner may ask', async () => {
		const blank = await p.owner.rpc('request_cancellation', {
			service_id: ids.palworld,
			reason: '   ',
		});
		expect(blank.error).toMatchObject({ code: 'P0001', message: 'reason_required' });
		const foreign = await p.other.rpc('request_cancellation', {
			service_id: ids.palworld,
			reason: 'mine now',
		});
		expect(foreign.error).toMatchObject({ code: 'P0001', message: 'service_not_found' });
		const anon = await p.anon.rpc('request_cancellation', {
			service_id: ids.palworld,
			reason: 'x',
		});
		expect(anon.error?.code).toBe('42501');
	});

	it('mark the service pending cancellation once, and keeping it undoes that once', async () => {
		const first = await p.owner.rpc('request_cancellation', {
			service_id: ids.palworld,
			reason: 'Moving to a bigger server',
		});
		expect(first.data).toMatchObject({
			cancel_at_period_end: true,
			cancellation_reason: 'Moving to a bigger server',
		});
		const again = await p.owner.rpc('request_cancellation', {
			service_id: ids.palworld,
			reason: 'Another reason',
		});
		expect(again.data).toMatchObject({
			cancellation_reason: 'Moving to a bigger server',
			cancellation_requested_at: first.data.cancellation_requested_at,
		});

		const kept = await p.owner.rpc('keep_service', { service_id: ids.palworld });
		expect(kept.data).toMatchObject({ cancel_at_period_end: false, cancellation_reason: null });
		await p.owner.rpc('keep_service', { service_id: ids.palworld });

		const { data: activity } = await p.owner
			.from('service_activity')
			.select('event')
			.eq('service_id', ids.palworld)
			.in('event', ['cancellation_requested', 'kept']);
		expect(activity?.map((row) => row.event).sort()).toEqual(['cancellation_requested', 'kept']);
	});

	it('refuse a service that is no longer running', async () => {
		await p.service.from('services').update({ status: 'terminated' }).eq('id', ids.rust);
		const result = await p.owner.rpc('request_cancellation', {
			service_id: ids.rust,
			reason: 'gone',
		});
		expect(result.error).toMatchObject({ message: 'service_not_active' });
	});
});

describe('dashboard_summary', () => {
	it('counts only the caller’s own rows', async () => {
		const { data } = await p.other.rpc('dashboard_summary');
		expect(data).toEqual({
			active_servers: 1,
			unpaid_invoices: 0,
			active_tickets: 0,
			total_spent: [{ currency: 'EUR', amount: 5712 }],
		});
		expect((await p.anon.rpc('dashboard_summary')).error?.code).toBe('42501');
	});
});

describe('discount_code_percent', () => {
	it('answers the server for one redeemable code, case-insensitively, and never lists codes', async () => {
		expect((await p.service.rpc('discount_code_percent', { code: ' sp25 ' })).data).toBe(25);
		expect((await p.service.rpc('discount_code_percent', { code: 'NOPE' })).data).toBeNull();
		await p.service
			.from('discount_codes')
			.insert({ code: 'OLD10', percent: 10, valid_from: '2020-01-01', valid_until: '2021-01-01' });
		await p.service
			.from('discount_codes')
			.insert({ code: 'USEDUP', percent: 10, max_uses: 1, uses: 1 });
		await p.service
			.from('discount_codes')
			.insert({ code: 'SOON20', percent: 20, valid_from: '2099-01-01' });
		for (const code of ['OLD10', 'USEDUP', 'SOON20'])
			expect((await p.service.rpc('discount_code_percent', { code })).data).toBeNull();
	});

	it('is not open to browsers: visitors and customers go through the rate-limited site API', async () => {
		for (const client of [p.anon, p.owner]) {
			const { data, error } = await client.rpc('discount_code_percent', { code: 'SP25' });
			expect(data).toBeNull();
			expect(error?.code).toBe('42501');
		}
	});
});

describe('open_ticket', () => {
	it('opens a ticket with its first message as the caller', async () => {
		const { data, error } = await p.other.rpc('open_ticket', {
			subject: 'Backups',
			department: 'technical',
			message: 'Where are my backups?',
			service_id: ids.valheim,
		});
		expect(error).toBeNull();
		const { data: messages } = await p.other
			.from('ticket_messages')
			.select('body, author')
			.eq('ticket_id', data.id);
		expect(messages).toEqual([{ body: 'Where are my backups?', author: 'customer' }]);
		const foreign = await p.other.rpc('open_ticket', {
			subject: 'Not mine',
			department: 'technical',
			message: 'x',
			service_id: ids.palworld,
		});
		expect(foreign.error?.code).toBe('42501');
	});
});

describe('invoice numbers', () => {
	it('are sequential per year and never repeat', async () => {
		const { data } = await p.service.from('invoices').select('number').order('number');
		const numbers = data!.map((row) => row.number as string);
		expect(numbers[0]).toMatch(/^INV-\d{4}-000001$/);
		expect(new Set(numbers).size).toBe(numbers.length);
	});
});
