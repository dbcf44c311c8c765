import type { APIContext, APIRoute } from 'astro';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAffiliateStack, type AffiliateStack } from '../affiliate/fixture.ts';
import type * as Payouts from '../../../src/server/staff/payouts/queries.ts';
import type * as AdminModule from '../../../src/server/supabase/admin-client.ts';

// Affiliate payouts settled from the staff console (issue 32): POST /api/staff/payouts/{id} through
// the staff write door, as the middleware lets staff in (locals.staff). Paid and rejected go through
// settle_affiliate_payout, the function `npm run affiliate:payout` calls, so a rejected payout's
// commissions are available again; each settle leaves exactly one audit entry; a payout already
// settled (from the console, twice at once, or from the command line) is refused as such.

let s: AffiliateStack;
let POST: APIRoute;
let payouts: typeof Payouts;
let admin: NonNullable<ReturnType<typeof AdminModule.adminClient>>;
const staff = { id: randomUUID(), email: 'payouts-staff@frostnode.example' };

beforeAll(async () => {
	s = await startAffiliateStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: s.p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: s.p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: s.p.stack.serviceRoleKey,
	});
	POST = (await import('../../../src/pages/api/staff/payouts/[id].ts')).POST;
	payouts = await import('../../../src/server/staff/payouts/queries.ts');
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
});
afterAll(() => s.p.stack.stop());

/** An affiliate with a payout request of 25.00 EUR (5 % of one referred 500.00 EUR invoice). */
async function payoutRequest(details = 'IBAN NO93 8601 1117 947') {
	const affiliate = await s.affiliate();
	const referred = await s.customer({ code: affiliate.code });
	const invoice = await s.paidInvoice(referred.id, 50_000);
	await s.endHold(invoice);
	const { data, error } = await affiliate.client.rpc('request_affiliate_payout', {
		currency: 'EUR',
		details,
	});
	if (error) throw error;
	return { affiliate, payoutId: data as string };
}

interface Answer {
	status: number;
	body: { payout?: string; status?: string; error?: { code: string; message: string } };
	replayed: boolean;
}

async function settle(
	id: string,
	body: Record<string, unknown>,
	options: { locale?: string } = {},
): Promise<Answer> {
	const url = new URL(`http://127.0.0.1:4321/api/staff/payouts/${id}`);
	const request = new Request(url, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			...(options.locale
				? { Referer: `http://127.0.0.1:4321/${options.locale}/staff/payouts` }
				: {}),
		},
		body: JSON.stringify({ requestId: randomUUID(), ...body }),
	});
	const context = {
		request,
		url,
		params: { id },
		locals: { staff },
		cookies: { get: () => undefined },
		rewrite: () => new Response('rewritten', { status: 404 }),
	};
	const response = await POST(context as unknown as APIContext);
	return {
		status: response.status,
		body: await response.json(),
		replayed: response.headers.get('Idempotent-Replayed') === 'true',
	};
}

async function payoutRow(id: string) {
	const { data, error } = await s.p.service
		.from('affiliate_payouts')
		.select('status, settled_at, amount, currency, affiliate_id')
		.eq('id', id)
		.single();
	if (error) throw error;
	return data;
}

async function auditOf(id: string) {
	const { data, error } = await s.p.service
		.from('staff_audit')
		.select('staff_id, staff_email, action, customer_id, subject, before, after')
		.eq('subject', `payout:${id}`);
	if (error) throw error;
	return data;
}

async function commissionsOn(id: string) {
	const { count } = await s.p.service
		.from('commissions')
		.select('id', { count: 'exact', head: true })
		.eq('payout_id', id);
	return count;
}

describe('marking a payout paid', () => {
	it('settles it through settle_affiliate_payout and writes one audit entry', async () => {
		const { affiliate, payoutId } = await payoutRequest();
		const answer = await settle(payoutId, { outcome: 'paid' });
		expect(answer).toMatchObject({ status: 200, body: { payout: payoutId, status: 'paid' } });
		const row = await payoutRow(payoutId);
		expect(row).toMatchObject({ status: 'paid', amount: 2500, currency: 'EUR' });
		expect(row.settled_at).not.toBeNull();
		// Paid out: its commissions stay on it, and the affiliate sees them as paid out.
		expect(await commissionsOn(payoutId)).toBe(1);
		const own = (await affiliate.client.rpc('affiliate_overview')).data as {
			balances: { currency: string; available: number; paidOut: number }[];
		};
		expect(own.balances).toEqual([
			expect.objectContaining({ currency: 'EUR', available: 0, paidOut: 2500 }),
		]);
		expect(await auditOf(payoutId)).toEqual([
			{
				staff_id: staff.id,
				staff_email: staff.email,
				action: 'payout_paid',
				customer_id: affiliate.id,
				subject: `payout:${payoutId}`,
				before: { status: 'requested', amount: 2500, currency: 'EUR' },
				after: { status: 'paid', amount: 2500, currency: 'EUR' },
			},
		]);
	});

	it('answers a repeated request with its first answer, and refuses a second settle', async () => {
		const { payoutId } = await payoutRequest();
		const requestId = randomUUID();
		const first = await settle(payoutId, { outcome: 'paid', requestId });
		const repeat = await settle(payoutId, { outcome: 'paid', requestId });
		expect(repeat).toEqual({ ...first, replayed: true });
		for (const outcome of ['paid', 'rejected']) {
			const again = await settle(payoutId, { outcome });
			expect(again.status, outcome).toBe(409);
			expect(again.body.error).toEqual({
				code: 'already_settled',
				message: 'This payout is already settled (Paid). Nothing was changed.',
			});
		}
		expect((await payoutRow(payoutId)).status).toBe('paid');
		expect(await commissionsOn(payoutId)).toBe(1);
		expect(await auditOf(payoutId)).toHaveLength(1);
	});

	it('settles once when two members of staff press at the same moment', async () => {
		const { payoutId } = await payoutRequest();
		const answers = await Promise.all([
			settle(payoutId, { outcome: 'paid' }),
			settle(payoutId, { outcome: 'rejected' }),
			settle(payoutId, { outcome: 'paid' }),
		]);
		expect(answers.map((a) => a.status).toSorted()).toEqual([200, 409, 409]);
		const won = answers.find((a) => a.status === 200)!;
		expect((await payoutRow(payoutId)).status).toBe(won.body.status);
		expect(await auditOf(payoutId)).toHaveLength(1);
	});
});

describe('rejecting a payout', () => {
	it('returns its commissions to the available balance, with one audit entry', async () => {
		const { affiliate, payoutId } = await payoutRequest();
		const answer = await settle(payoutId, { outcome: 'rejected' });
		expect(answer).toMatchObject({ status: 200, body: { payout: payoutId, status: 'rejected' } });
		expect((await payoutRow(payoutId)).status).toBe('rejected');
		expect(await commissionsOn(payoutId)).toBe(0);
		const own = (await affiliate.client.rpc('affiliate_overview')).data as {
			balances: { currency: string; available: number; paidOut: number }[];
		};
		expect(own.balances).toEqual([
			expect.objectContaining({ currency: 'EUR', available: 2500, paidOut: 0 }),
		]);
		const [entry, ...more] = await auditOf(payoutId);
		expect(more).toEqual([]);
		expect(entry).toMatchObject({
			action: 'payout_rejected',
			customer_id: affiliate.id,
			before: { status: 'requested' },
			after: { status: 'rejected' },
		});
		// The affiliate may ask again for the same balance.
		const again = await affiliate.client.rpc('request_affiliate_payout', {
			currency: 'EUR',
			details: 'PayPal affiliate@example.com',
		});
		expect(again.error).toBeNull();
	});
});

describe('what the console refuses', () => {
	it('a payout settled from the command line first (the same SQL function)', async () => {
		const { payoutId } = await payoutRequest();
		const script = await s.p.service.rpc('settle_affiliate_payout', {
			payout: payoutId,
			outcome: 'rejected',
		});
		expect(script.data).toBe('rejected');
		const answer = await settle(payoutId, { outcome: 'paid' }, { locale: 'de' });
		expect(answer.status).toBe(409);
		expect(answer.body.error).toEqual({
			code: 'already_settled',
			message: 'Diese Auszahlung ist bereits erledigt (Abgelehnt). Es wurde nichts geändert.',
		});
		expect(await auditOf(payoutId)).toEqual([]);
	});

	it('a missing or malformed payout (404) and an outcome that is not one (400), auditing nothing', async () => {
		const missing = randomUUID();
		expect(await settle(missing, { outcome: 'paid' })).toMatchObject({
			status: 404,
			body: { error: { code: 'not_found' } },
		});
		expect((await settle('not-a-payout', { outcome: 'paid' })).status).toBe(404);
		const { payoutId } = await payoutRequest();
		for (const body of [{ outcome: 'refunded' }, { outcome: 'PAID' }, {}, { outcome: 1 }])
			expect((await settle(payoutId, body)).body.error?.code, JSON.stringify(body)).toBe(
				'invalid_body',
			);
		expect((await payoutRow(payoutId)).status).toBe('requested');
		expect(await auditOf(payoutId)).toEqual([]);
		expect(await auditOf(missing)).toEqual([]);
	});
});

describe('the payouts page’s list', () => {
	it('shows waiting requests oldest first with the affiliate and details, settled ones apart', async () => {
		const first = await payoutRequest('IBAN DE89 3704 0044 0532 0130 00');
		const second = await payoutRequest('PayPal second@example.com');
		const queue = await payouts.payoutQueue(admin);
		const waiting = queue.requested.map((p) => p.id);
		expect(waiting.indexOf(first.payoutId)).toBeLessThan(waiting.indexOf(second.payoutId));
		expect(queue.requested.find((p) => p.id === first.payoutId)).toMatchObject({
			affiliateId: first.affiliate.id,
			affiliateEmail: first.affiliate.email,
			currency: 'EUR',
			amount: 2500,
			details: 'IBAN DE89 3704 0044 0532 0130 00',
			status: 'requested',
			settledAt: null,
		});
		expect(queue.requested.every((p) => p.status === 'requested')).toBe(true);
		await settle(first.payoutId, { outcome: 'paid' });
		const after = await payouts.payoutQueue(admin);
		expect(after.requested.map((p) => p.id)).not.toContain(first.payoutId);
		expect(after.settled[0]).toMatchObject({ id: first.payoutId, status: 'paid' });
		expect(after.settled.every((p) => p.status !== 'requested' && p.settledAt)).toBe(true);
	});
});
