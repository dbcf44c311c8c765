import { expect, test, type APIRequestContext } from './test';
import { createHmac } from 'node:crypto';
import { customerAddress, demo, other } from './backend';
import { testGatewaySecret } from './secrets';

// POST /api/checkout and GET /api/orders/{id} through the running site and local stack: the
// server prices every order, refuses bad input with a translated error, and never makes two.

async function signedIn(
	playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
	baseURL: string,
	who = demo,
) {
	const context = await playwright.request.newContext({
		baseURL,
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress() },
	});
	const answer = await context.post('/login', {
		form: { email: who.email, password: who.password },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	});
	expect(answer.status()).toBe(303);
	return context;
}

const order = (changes: Record<string, unknown> = {}) => ({
	item: {
		planId: 'palworld-standard',
		ram: 8,
		storageGb: 25,
		extras: [],
		cycle: 'monthly',
		currency: 'EUR',
		price: 1,
	},
	billing: {
		// The demo customer's own details (supabase/seed.sql): saving them back changes nothing.
		name: 'Ingrid Solberg',
		address: 'Kirkegata 15',
		postcode: '0153',
		city: 'Oslo',
		country: 'NO',
	},
	method: 'card',
	idempotencyKey: `key-${Math.random().toString(36).slice(2, 12)}`,
	total: 1,
	...changes,
});

test('a visitor who is not signed in cannot order', async ({ request }) => {
	const answer = await request.post('/api/checkout', { data: order() });
	expect(answer.status()).toBe(401);
	expect((await answer.json()).error.code).toBe('unauthenticated');
});

test('the server prices the order itself, and the same key gives the same order', async ({
	playwright,
	baseURL,
}) => {
	const api = await signedIn(playwright, baseURL!);
	const body = order();
	const first = await api.post('/api/checkout', { data: body });
	expect(first.status()).toBe(201);
	const made = await first.json();
	// 8 GB Palworld monthly is 8.00 EUR; Norwegian VAT 25 % makes 10.00. The client's prices are ignored.
	expect(made).toMatchObject({ total: 1000, currency: 'EUR' });
	expect(made.paymentUrl).toContain('/checkout/test-gateway/');
	const again = await api.post('/api/checkout', { data: body });
	expect(again.status()).toBe(200);
	expect((await again.json()).orderId).toBe(made.orderId);

	const status = await (await api.get(`/api/orders/${made.orderId}`)).json();
	expect(status).toMatchObject({
		invoice: { status: 'unpaid', total: 1000 },
		service: { status: 'pending_payment' },
	});
	const stranger = await signedIn(playwright, baseURL!, other);
	expect((await stranger.get(`/api/orders/${made.orderId}`)).status()).toBe(404);
});

test('bad input gets a clear error in the caller’s language and changes nothing', async ({
	playwright,
	baseURL,
}) => {
	const api = await signedIn(playwright, baseURL!);
	const item = order().item;
	const cases: [Record<string, unknown>, number, string][] = [
		[{ item: { ...item, planId: 'nope' } }, 422, 'unknown_plan'],
		[{ item: { ...item, ram: 7 } }, 422, 'invalid_ram'],
		[{ item: { ...item, storageGb: 30 } }, 422, 'unknown_storage'],
		[{ item: { ...item, extras: ['modpackInstallation'] } }, 422, 'unknown_extra'],
		[{ item: { ...item, cycle: 'weekly' } }, 422, 'unknown_cycle'],
		[{ item: { ...item, currency: 'GBP' } }, 422, 'unknown_currency'],
		[{ billing: { ...order().billing, country: 'XX' } }, 422, 'unknown_country'],
		[{ billing: { ...order().billing, city: '' } }, 422, 'invalid_billing'],
		[{ item: { ...item, currency: 'USD' }, method: 'mobilepay' }, 422, 'method_unavailable'],
		[{ discountCode: 'NOPE99' }, 409, 'discount_unavailable'],
		[{ method: 'cash' }, 400, 'invalid_body'],
	];
	for (const [changes, status, code] of cases) {
		const answer = await api.post('/api/checkout', { data: order({ ...changes, locale: 'de' }) });
		expect(answer.status(), code).toBe(status);
		const { error } = await answer.json();
		expect(error.code, code).toBe(code);
		expect(error.message, code).toMatch(/[äöüß]|Bitte|nicht|Rabattcode|Anfrage/);
	}
	const malformed = await api.post('/api/checkout', {
		data: '{"item":',
		headers: { 'Content-Type': 'application/json' },
	});
	expect(malformed.status()).toBe(400);
	const huge = await api.post('/api/checkout', { data: order({ padding: 'x'.repeat(17 * 1024) }) });
	expect(huge.status()).toBe(413);
});

test('a 100 % code makes the total zero: no gateway, the server comes up at once', async ({
	playwright,
	baseURL,
}) => {
	const api = await signedIn(playwright, baseURL!);
	const answer = await api.post('/api/checkout', { data: order({ discountCode: 'test123' }) });
	expect(answer.status()).toBe(201);
	const made = await answer.json();
	expect(made).toMatchObject({ total: 0, paymentUrl: null });
	await expect
		.poll(
			async () => (await (await api.get(`/api/orders/${made.orderId}`)).json()).service.status,
			{ timeout: 20_000 },
		)
		.toBe('active');
	const status = await (await api.get(`/api/orders/${made.orderId}`)).json();
	expect(status.invoice.status).toBe('paid');
	expect(status.service.address).toMatch(/:\d+$/);
});

test('webhooks: a bad or old signature changes nothing, a replay has no second effect, another amount is flagged', async ({
	playwright,
	baseURL,
	request,
}) => {
	const api = await signedIn(playwright, baseURL!);
	const made = await (await api.post('/api/checkout', { data: order() })).json();
	const event = (id: string, amount: number) =>
		JSON.stringify({
			id,
			type: 'payment.succeeded',
			invoiceId: made.invoiceId,
			amount,
			currency: 'EUR',
			method: 'card',
			paymentId: `pay_${id}`,
			created: Math.floor(Date.now() / 1000),
		});
	const send = (
		body: string,
		timestamp = Math.floor(Date.now() / 1000),
		secret = testGatewaySecret,
	) =>
		request.post('/api/payments/test/webhook', {
			data: body,
			headers: {
				'Content-Type': 'application/json',
				'Test-Gateway-Signature': `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
			},
		});
	const status = async () =>
		(await (await api.get(`/api/orders/${made.orderId}`)).json()) as {
			invoice: { status: string };
		};

	expect(
		(await send(event('evt_forged', 1000), undefined, 'not-the-secret-at-all-0123456789')).status(),
	).toBe(400);
	expect((await send(event('evt_old', 1000), Math.floor(Date.now() / 1000) - 3600)).status()).toBe(
		400,
	);
	expect((await status()).invoice.status).toBe('unpaid');

	expect((await send(event('evt_short', 999))).status()).toBe(200);
	expect((await status()).invoice.status).toBe('unpaid');

	const paid = event('evt_paid', 1000);
	expect((await send(paid)).status()).toBe(200);
	expect((await send(paid)).status()).toBe(200);
	expect((await status()).invoice.status).toBe('paid');

	// Out of order: a decline that arrives after the payment does not undo it.
	const late = JSON.parse(event('evt_late_decline', 1000)) as Record<string, unknown>;
	const decline = JSON.stringify({ ...late, type: 'payment.failed' });
	expect((await send(decline)).status()).toBe(200);
	expect(await status()).toMatchObject({ invoice: { status: 'paid', lastPaymentError: null } });
});
