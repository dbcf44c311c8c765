import { createHmac } from 'node:crypto';
import { expect, test } from './test';
import { customerAddress } from './backend';
import { admin, billingCustomer } from './fixtures';
import { testGatewaySecret } from './secrets';
import { checkoutBody } from '../../scripts/two-servers/checkouts.ts';

// Issue 26, item 4, through the running site: an order's first payment link and a second one from
// POST /api/orders/{id}/pay, both paid (two tabs, at once). One payment pays the invoice; the other
// is given back in full and recorded as a refund; the second page then says the invoice is paid.

/** What the TEST MODE page's Pay sends for the session in `paymentUrl` (test-session.ts). */
function paidWebhook(paymentUrl: string) {
	const token = new URL(paymentUrl).searchParams.get('session') ?? '';
	const session = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
		sid: string;
		invoiceId: string;
		amount: number;
		currency: string;
	};
	const body = JSON.stringify({
		id: `tgevt_${session.sid}`,
		type: 'payment.succeeded',
		invoiceId: session.invoiceId,
		amount: session.amount,
		currency: session.currency,
		method: 'card',
		paymentId: `tgpay_${session.sid}`,
		created: Math.floor(Date.now() / 1000),
	});
	const t = Math.floor(Date.now() / 1000);
	const v1 = createHmac('sha256', testGatewaySecret).update(`${t}.${body}`).digest('hex');
	return {
		paymentId: `tgpay_${session.sid}`,
		data: body,
		headers: { 'Content-Type': 'application/json', 'Test-Gateway-Signature': `t=${t},v1=${v1}` },
	};
}

test('an order paid through two payment links keeps one payment and gives the other back', async ({
	baseURL,
	request,
	page,
}) => {
	// A customer of its own: the demo's orders per account are shared by the whole suite. Signed in
	// through the page's own request context, so the browser shares the session.
	const { email, password } = await billingCustomer(0, 0);
	const api = page.request;
	const signedIn = await api.post('/login', {
		form: { email, password },
		headers: { Origin: baseURL!, 'X-Forwarded-For': customerAddress() },
		maxRedirects: 0,
	});
	expect(signedIn.status()).toBe(303);
	const idempotencyKey = `key-${Math.random().toString(36).slice(2, 12)}`;
	const made = (await (
		await api.post('/api/checkout', { data: checkoutBody(idempotencyKey) })
	).json()) as { orderId: string; invoiceId: string; paymentUrl: string };
	const retried = await api.post(`/api/orders/${made.orderId}/pay`, { data: { method: 'card' } });
	expect(retried.status()).toBe(200);
	const second = ((await retried.json()) as { paymentUrl: string }).paymentUrl;
	expect(second).not.toBe(made.paymentUrl);

	const payments = [paidWebhook(made.paymentUrl), paidWebhook(second)];
	const answers = await Promise.all(
		payments.map(({ data, headers }) =>
			request.post('/api/payments/test/webhook', { data, headers }),
		),
	);
	expect(answers.map((answer) => answer.status())).toEqual([200, 200]);

	const { data: invoice } = await admin()
		.from('invoices')
		.select('status, transactions(kind, amount, status, gateway_reference)')
		.eq('id', made.invoiceId)
		.single();
	expect(invoice?.status).toBe('paid');
	const rows = (invoice?.transactions ?? []) as {
		kind: string;
		amount: number;
		status: string;
		gateway_reference: string;
	}[];
	expect(
		rows
			.filter((row) => row.kind === 'payment')
			.map((row) => row.gateway_reference)
			.sort(),
	).toEqual(payments.map((payment) => payment.paymentId).sort());
	const refunds = rows.filter((row) => row.kind === 'refund');
	expect(refunds).toHaveLength(1);
	expect(refunds[0]).toMatchObject({ amount: 1000, status: 'succeeded' });

	// The second link no longer offers to pay.
	await page.goto(second);
	await expect(page.getByText('This invoice is already paid.')).toBeVisible();
	await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});
