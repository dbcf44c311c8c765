import type { APIContext } from 'astro';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';

// Issue 38, item 10: staff credit had no upper bound (999,999,999.99 EUR was accepted). Credits and
// refunds above the per-currency limit in src/lib/policy.ts wait for a second member of staff (four
// eyes); no single credit passes the hard cap, approved or not. Through the API routes and the
// staffWrite door, on the local stack, as two members of staff.

let b: BillingStack;
const asker = { id: randomUUID(), email: 'staff-asker@frostnode.example' };
const checker = { id: randomUUID(), email: 'staff-checker@frostnode.example' };
type Member = typeof asker;

beforeAll(async () => {
	b = await startBillingStack();
}, 60_000);
afterAll(() => b.stop());

type Route = { POST: (context: APIContext) => Promise<Response> };
const routes = {
	credit: () => import('../../../src/pages/api/staff/services/[id]/credit.ts') as Promise<Route>,
	refund: () => import('../../../src/pages/api/staff/invoices/[id]/refunds.ts') as Promise<Route>,
	decide: () => import('../../../src/pages/api/staff/approvals/[id].ts') as Promise<Route>,
};

/** What the routes answer, as far as these tests read it. */
interface Answer {
	[field: string]: unknown;
	approval: { id: string; status: string; amount: number; currency: string };
	creditNote: { number: string; total: number };
	error: { code: string; message: string };
}

/** A POST as the door receives it from a member of staff the middleware let through. */
async function post(
	member: Member,
	route: Route,
	params: Record<string, string>,
	body: Record<string, unknown>,
) {
	const request = new Request('http://site.test/api/staff/x', {
		method: 'POST',
		headers: { 'content-type': 'application/json', referer: 'http://site.test/staff/money' },
		body: JSON.stringify({ requestId: randomUUID(), ...body }),
	});
	const context = {
		request,
		params,
		locals: { staff: member },
		cookies: { get: () => undefined },
		url: new URL(request.url),
		rewrite: () => new Response(null, { status: 404 }),
	};
	// The route reads only these fields of the context.
	const response = await route.POST(context as unknown as APIContext);
	return { status: response.status, body: (await response.json()) as Answer };
}

const paidService = () => b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
const ledger = async (serviceId: string) =>
	(
		await b.p.service
			.from('service_credits')
			.select('amount')
			.eq('service_id', serviceId)
			.order('id')
	).data!.map((row) => row.amount);

describe('service credit without bound (the attack)', () => {
	it('refuses 999,999,999.99 EUR with a clear error and adds nothing', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		const absurd = await post(
			asker,
			route,
			{ id: serviceId },
			{
				amount: '999999999.99',
				reason: 'Oops',
			},
		);
		expect(absurd.status).toBe(422);
		expect(absurd.body.error.code).toBe('credit_over_limit');
		expect(absurd.body.error.message).toBe(
			'A single credit can be at most €10,000.00, even with a second approval.',
		);
		expect(await ledger(serviceId)).toEqual([]);
	});

	it('does not add a credit above the approval limit at once: it waits for a second member of staff', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		const large = await post(asker, route, { id: serviceId }, { amount: '150.00', reason: 'Big' });
		expect(large.status).toBe(202);
		expect(await ledger(serviceId)).toEqual([]);
	});
});

/** A credit of `amount` asked for by `asker` above the limit: the request waiting for approval. */
async function askCredit(serviceId: string, amount: string) {
	const asked = await post(
		asker,
		await routes.credit(),
		{ id: serviceId },
		{
			amount,
			reason: 'Week-long outage',
		},
	);
	expect(asked.status).toBe(202);
	return asked.body.approval.id;
}
const decide = async (member: Member, id: string, decision: string) =>
	post(member, await routes.decide(), { id }, { decision });
const approvalRow = async (id: string) =>
	(
		await b.p.service
			.from('staff_approvals')
			.select('status, requested_by, decided_by, amount, currency')
			.eq('id', id)
			.single()
	).data!;
const audits = async (subject: string) =>
	(
		await b.p.service
			.from('staff_audit')
			.select('action, staff_email, after')
			.eq('subject', subject)
			.order('id')
	).data!;

describe('a credit above the approval limit', () => {
	it('is recorded as a request (who, what, amount, currency, reason) and audited; nothing added', async () => {
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '150.00');
		expect(await approvalRow(id)).toEqual({
			...{ status: 'pending', requested_by: asker.id, decided_by: null },
			...{ amount: 15000, currency: 'EUR' },
		});
		expect(await ledger(serviceId)).toEqual([]);
		expect(await audits(`service:${serviceId}`)).toEqual([
			{
				action: 'approval_requested',
				staff_email: asker.email,
				after: expect.objectContaining({ id, amount: 15000, reason: 'Week-long outage' }),
			},
		]);
		const { waitingApprovals } = await import('../../../src/server/staff/approvals/queries.ts');
		expect(await waitingApprovals(b.admin, serviceId)).toEqual([
			expect.objectContaining({ id, kind: 'credit', requested_by_email: asker.email }),
		]);
		const { staffOverview } = await import('../../../src/server/staff/overview.ts');
		expect((await staffOverview(b.admin)).pendingApprovals).toBeGreaterThanOrEqual(1);
	});

	it('at the limit exactly is added at once; so is 1,000 NOK', async () => {
		const route = await routes.credit();
		const euro = await paidService();
		expect((await post(asker, route, { id: euro }, { amount: '100', reason: 'x' })).status).toBe(
			201,
		);
		const kroner = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', {
			currency: 'NOK',
		});
		expect((await post(asker, route, { id: kroner }, { amount: '1000', reason: 'x' })).status).toBe(
			201,
		);
		expect(
			(await post(asker, route, { id: kroner }, { amount: '1000.01', reason: 'x' })).status,
		).toBe(202);
		expect(await ledger(kroner)).toEqual([100000]);
	});

	it('cannot be approved by the member of staff who asked: refused, still waiting, no audit row', async () => {
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '200.00');
		const own = await decide(asker, id, 'approve');
		expect(own).toMatchObject({ status: 403, body: { error: { code: 'own_request' } } });
		expect(own.body.error.message).toBe(
			'You asked for this yourself: another member of staff must approve or reject it.',
		);
		expect((await decide(asker, id, 'reject')).status).toBe(403);
		expect((await approvalRow(id)).status).toBe('pending');
		expect(await ledger(serviceId)).toEqual([]);
		expect((await audits(`service:${serviceId}`)).map((row) => row.action)).toEqual([
			'approval_requested',
		]);
	});

	it('is refused by the database itself when the requester decides it, however asked', async () => {
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '120.00');
		const rpc = await b.p.service.rpc('decide_staff_approval', {
			approval: id,
			decider: asker.id,
			decider_email: asker.email,
			decision: 'approve',
		});
		expect(rpc.error?.message).toBe('own_request');
		const write = await b.p.service
			.from('staff_approvals')
			.update({ status: 'executing', decided_by: asker.id, decided_by_email: asker.email })
			.eq('id', id);
		expect(write.error?.message).toMatch(/staff_approvals_four_eyes/);
		for (const client of [b.p.anon, b.p.owner]) {
			const called = await client.rpc('decide_staff_approval', {
				approval: id,
				decider: checker.id,
				decider_email: checker.email,
				decision: 'approve',
			});
			expect(called.error).not.toBeNull();
			expect((await client.from('staff_approvals').select('id')).data ?? []).toEqual([]);
		}
		expect((await approvalRow(id)).status).toBe('pending');
	});

	it('approved by a second member of staff, runs the credit once, audited as theirs with the request', async () => {
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '150.00');
		const approved = await decide(checker, id, 'approve');
		expect(approved).toMatchObject({
			status: 201,
			body: {
				amount: 15000,
				balance: 15000,
				currency: 'EUR',
				approval: { id, status: 'approved' },
			},
		});
		expect(await ledger(serviceId)).toEqual([15000]);
		expect(await approvalRow(id)).toMatchObject({ status: 'approved', decided_by: checker.id });
		expect(await audits(`service:${serviceId}`)).toEqual([
			expect.objectContaining({ action: 'approval_requested', staff_email: asker.email }),
			{
				action: 'credit_added',
				staff_email: checker.email,
				after: expect.objectContaining({
					balance: 15000,
					reason: 'Week-long outage',
					approval: expect.objectContaining({ id, requestedBy: asker.email }),
				}),
			},
		]);
		const again = await decide(checker, id, 'approve');
		expect(again).toMatchObject({ status: 409, body: { error: { code: 'not_pending' } } });
		expect(await ledger(serviceId)).toEqual([15000]);
	});

	it('approved twice at once (two members of staff, one click each) is carried out once', async () => {
		const third = { id: randomUUID(), email: 'staff-third@frostnode.example' };
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '300.00');
		const answers = await Promise.all([
			decide(checker, id, 'approve'),
			decide(third, id, 'approve'),
			decide(checker, id, 'approve'),
		]);
		expect(answers.map((a) => a.status).toSorted()).toEqual([201, 409, 409]);
		expect(await ledger(serviceId)).toEqual([30000]);
		expect(
			(await audits(`service:${serviceId}`)).filter((row) => row.action === 'credit_added'),
		).toHaveLength(1);
	});

	it('rejected: nothing added, the rejection audited, and it can no longer be approved', async () => {
		const serviceId = await paidService();
		const id = await askCredit(serviceId, '500.00');
		const rejected = await decide(checker, id, 'reject');
		expect(rejected).toMatchObject({ status: 200, body: { approval: { id, status: 'rejected' } } });
		expect((await decide(checker, id, 'approve')).status).toBe(409);
		expect(await ledger(serviceId)).toEqual([]);
		expect((await audits(`service:${serviceId}`)).map((r) => [r.action, r.staff_email])).toEqual([
			['approval_requested', asker.email],
			['approval_rejected', checker.email],
		]);
	});

	it('up to the cap waits for approval; a cent more is refused even before asking', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		expect(
			(await post(asker, route, { id: serviceId }, { amount: '10000', reason: 'x' })).status,
		).toBe(202);
		const over = await post(asker, route, { id: serviceId }, { amount: '10000.01', reason: 'x' });
		expect(over).toMatchObject({ status: 422, body: { error: { code: 'credit_over_limit' } } });
		expect((await decide(checker, randomUUID(), 'approve')).status).toBe(404);
	});
});

/** A paid invoice of 200.00 EUR (160.00 and 25 % VAT), on the test gateway. */
async function largePaidInvoice() {
	const key = `four-eyes-${randomUUID()}`;
	const placed = await b.p.service.rpc('place_order', {
		customer: b.ownerId,
		idempotency_key: key,
		service: {
			...{ location: 'oslo', product_type: 'game', game: 'palworld', plan_id: 'palworld-standard' },
			...{ tier: 'standard', ram_gb: 8, storage_gb: 25, billing_cycle: 'monthly' },
		},
		amounts: {
			currency: 'EUR',
			subtotal: 16000,
			discount: 0,
			tax_rate: 25,
			tax: 4000,
			total: 20000,
		},
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Palworld server',
		line: { kind: 'plan', plan: 'palworld-standard', tier: 'standard', ramGb: 8, cycle: 'monthly' },
		payment_method: 'card',
	});
	const { invoice_id: invoice } = placed.data as { invoice_id: string };
	const settled = await b.p.service.rpc('settle_invoice', {
		...{ event_id: `evt-${key}`, gateway: 'test', invoice, amount: 20000, currency: 'EUR' },
		reference: `tgpay_${key}`,
	});
	expect(settled.error).toBeNull();
	return invoice;
}
const notes = async (invoiceId: string) =>
	(
		await b.p.service
			.from('credit_notes')
			.select('total, request_key')
			.eq('invoice_id', invoiceId)
			.order('number')
	).data!;

describe('a refund above the approval limit', () => {
	it('waits; approved by another member of staff it is refunded through the same refund, once', async () => {
		const route = await routes.refund();
		const invoice = await largePaidInvoice();
		const requestId = randomUUID();
		const asked = await post(
			asker,
			route,
			{ id: invoice },
			{
				amount: '150.00',
				reason: 'Lost a week',
				requestId,
			},
		);
		expect(asked).toMatchObject({
			status: 202,
			body: { approval: { amount: 15000, currency: 'EUR' } },
		});
		expect(await notes(invoice)).toEqual([]);
		// More than was paid is refused at once: it would never be carried out.
		const over = await post(asker, route, { id: invoice }, { amount: '250.00', reason: 'x' });
		expect(over).toMatchObject({ status: 409, body: { error: { code: 'over_refund' } } });

		const approved = await decide(checker, asked.body.approval.id, 'approve');
		expect(approved).toMatchObject({ status: 201, body: { creditNote: { total: 15000 } } });
		expect(await notes(invoice)).toEqual([
			{ total: 15000, request_key: `staff-refund-${requestId}` },
		]);
		expect((await audits(`invoice:${invoice}`)).map((r) => [r.action, r.staff_email])).toEqual([
			['approval_requested', asker.email],
			['invoice_refunded', checker.email],
		]);
		// At the limit, no approval: 50.00 of what is left goes back at once.
		expect((await post(asker, route, { id: invoice }, { amount: '50', reason: 'x' })).status).toBe(
			201,
		);
	});

	it('refused when approved (less is left by then): nothing changes and it waits again', async () => {
		const route = await routes.refund();
		const invoice = await largePaidInvoice();
		const asked = await post(asker, route, { id: invoice }, { amount: '150.00', reason: 'Big' });
		const id = asked.body.approval.id;
		expect((await post(asker, route, { id: invoice }, { amount: '100', reason: 'x' })).status).toBe(
			201,
		);
		const approved = await decide(checker, id, 'approve');
		expect(approved).toMatchObject({ status: 409, body: { error: { code: 'over_refund' } } });
		expect((await approvalRow(id)).status).toBe('pending');
		expect((await notes(invoice)).map((n) => n.total)).toEqual([10000]);
		expect((await decide(checker, id, 'reject')).status).toBe(200);
	});

	it('failing at the gateway when approved waits again; approved again it is refunded once', async () => {
		const route = await routes.refund();
		const { decideApproval } = await import('../../../src/server/staff/approvals/actions.ts');
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const real = getPaymentGateway();
		const down = Object.assign(Object.create(real) as typeof real, {
			refund: () => Promise.reject(new Error('gateway down')),
		});
		const invoice = await largePaidInvoice();
		const asked = await post(asker, route, { id: invoice }, { amount: '199.99', reason: 'Big' });
		const id = asked.body.approval.id;
		const request = {
			...{ staff: checker, admin: b.admin, locale: 'en' as const, origin: 'http://site.test' },
			body: { requestId: randomUUID(), decision: 'approve' as const },
		};
		await expect(decideApproval(request, id, down)).rejects.toThrow('gateway down');
		expect((await approvalRow(id)).status).toBe('pending');
		expect(await decideApproval(request, id, real)).toMatchObject({ status: 201 });
		expect((await notes(invoice)).map((n) => n.total)).toEqual([19999]);
		expect((await approvalRow(id)).status).toBe('approved');
	});
});
