import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as MoneyBackModule from '../../../src/server/billing/refund/money-back.ts';
import { other } from '../data-model/personas.ts';
import { startBillingStack, type BillingStack } from './fixture.ts';

// The money-back guarantee through the server module the API route wires: inside the window the
// first invoice is refunded at the test gateway, the server deleted on the fake panel, and a credit
// note numbered in its own series; outside it, or for someone else's server, nothing changes.

let b: BillingStack;
let owner: User;
let requestMoneyBack: typeof MoneyBackModule.requestMoneyBack;
const DAY = 86_400_000;

beforeAll(async () => {
	b = await startBillingStack();
	({ requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

// The fixture's first invoice is paid now (real time); the guarantee counts from that payment.
const later = (days: number) => new Date(Date.now() + days * DAY);
const started = () => b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');

describe('the money-back guarantee', () => {
	it('refunds the first invoice, deletes the server and issues a credit note, once', async () => {
		const id = await started();
		const [a, c] = await Promise.all([
			requestMoneyBack(b.admin, owner, id, 'Not what I expected', later(2)),
			requestMoneyBack(b.admin, owner, id, 'Not what I expected', later(2)),
		]);
		if (typeof a === 'string') throw new Error(a);
		if (typeof c === 'string') throw new Error(c);
		expect(c.number).toBe(a.number);
		expect(a).toMatchObject({
			total: 1000,
			currency: 'EUR',
			number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
		});
		const service = (await b.p.service.from('services').select('status').eq('id', id).single())
			.data;
		expect(service?.status).toBe('terminated');
		expect(b.fake.state.servers.find((s) => s.external_id === id)).toBeUndefined();
		const invoice = (
			await b.p.service
				.from('invoices')
				.select('status, transactions(kind, amount)')
				.eq('service_id', id)
				.eq('kind', 'new')
				.single()
		).data;
		expect(invoice?.status).toBe('refunded');
		expect(invoice?.transactions).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: 1000 },
				{ kind: 'refund', amount: 1000 },
			]),
		);
		const notes = (
			await b.p.service.from('credit_notes').select('number, total').eq('service_id', id)
		).data;
		expect(notes).toEqual([{ number: a.number, total: 1000 }]);
		const owed = (
			await b.p.service
				.from('billing_notices')
				.select('kind')
				.eq('service_id', id)
				.eq('kind', 'refunded')
		).data;
		expect(owed).toHaveLength(1);
	});

	it('gives the owner the credit note as a PDF, and everyone else the same 404', async () => {
		const result = await requestMoneyBack(b.admin, owner, await started(), 'Lag', later(1));
		if (typeof result === 'string') throw new Error(result);
		const { GET } = await import('../../../src/pages/api/credit-notes/[id]/pdf.ts');
		const pdf = async (id: string, token: string) => {
			const url = new URL(`http://127.0.0.1:4321/api/credit-notes/${id}/pdf`);
			const request = new Request(url, { headers: { Authorization: `Bearer ${token}` } });
			const context = {
				request,
				url,
				params: { id },
				locals: {},
				cookies: { get: () => undefined },
			};
			return await GET(context as unknown as APIContext);
		};
		const mine = (await b.p.owner.auth.getSession()).data.session!.access_token;
		const theirs = (await b.p.other.auth.getSession()).data.session!.access_token;
		const answer = await pdf(result.creditNoteId, mine);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toBe('application/pdf');
		expect(answer.headers.get('content-disposition')).toContain(`${result.number}.pdf`);
		expect((await pdf(result.creditNoteId, theirs)).status).toBe(404);
		expect((await pdf('not-a-uuid', mine)).status).toBe(404);
	});

	it('numbers credit notes without gaps, apart from invoice numbers', async () => {
		const numbers: string[] = [];
		for (let i = 0; i < 3; i++) {
			const result = await requestMoneyBack(
				b.admin,
				owner,
				await started(),
				'Changed my mind',
				later(1),
			);
			if (typeof result === 'string') throw new Error(result);
			numbers.push(result.number);
		}
		const serials = numbers.map((n) => Number(n.slice(-6)));
		expect(serials).toEqual([serials[0], serials[0]! + 1, serials[0]! + 2]);
	});

	it('is refused after the window, for someone else’s server and for one already ended', async () => {
		const id = await started();
		expect(await requestMoneyBack(b.admin, owner, id, 'Too late', later(8))).toBe('window_closed');
		const stranger = { ...owner, id: other.id };
		expect(await requestMoneyBack(b.admin, stranger, id, 'Not mine', later(1))).toBe('not_found');
		await b.p.service.from('services').update({ status: 'cancelled' }).eq('id', id);
		expect(await requestMoneyBack(b.admin, owner, id, 'Ended', later(1))).toBe('not_refundable');
		const notes = (await b.p.service.from('credit_notes').select('id').eq('service_id', id)).data;
		expect(notes).toEqual([]);
		const invoice = (
			await b.p.service
				.from('invoices')
				.select('status')
				.eq('service_id', id)
				.eq('kind', 'new')
				.single()
		).data;
		expect(invoice?.status).toBe('paid');
	});
});
