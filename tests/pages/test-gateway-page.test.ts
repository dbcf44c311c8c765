import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Page from '../../src/pages/[...locale]/checkout/test-gateway/[invoiceId].astro';
import { createTestGateway } from '../../src/server/payments/test-gateway';
import { readPaymentConfig } from '../../src/server/payments/config';

// The TEST MODE page as a customer sees it, with the invoice row it reads stood in for.

const invoiceId = '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11';
const invoice = {
	number: 'INV-2026-000042',
	total: 12_900,
	currency: 'DKK',
	status: 'unpaid',
	invoice_items: [
		{ description: 'Palworld server, 8 GB, monthly', position: 1 } as {
			description: string;
			line?: unknown;
			position: number;
		},
	],
};
let row: typeof invoice = invoice;

vi.mock('../../src/server/supabase/admin-client', () => ({
	adminClient: () => ({
		from: () => ({
			select: () => ({
				eq: (_column: string, id: string) => ({
					maybeSingle: () => Promise.resolve({ data: id === invoiceId ? row : null, error: null }),
				}),
			}),
		}),
	}),
}));

const env = {
	SUPABASE_SERVICE_ROLE_KEY: 'page-test-service-role-key',
	STRIPE_SECRET_KEY: '',
	STRIPE_WEBHOOK_SECRET: '',
	TEST_GATEWAY_SECRET: '',
};
beforeAll(() => {
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());

const container = await AstroContainer.create();

async function token(amount = 12_900) {
	const config = readPaymentConfig(env);
	if (config.gateway !== 'test') throw new Error('expected the test gateway');
	const session = await createTestGateway(config.secret).createCheckout({
		invoiceId,
		orderId: '5f1c0c4e-2a5e-4b7e-8a0f-6a2f8b9c0d12',
		amount,
		currency: 'DKK',
		method: 'mobilepay',
		customer: { profileId: 'p', email: 'a@example.dk', name: 'A' },
		description: 'Palworld server, 8 GB, monthly',
		locale: 'da',
		successUrl: 'https://frostnode.example/da/checkout/complete',
		cancelUrl: 'https://frostnode.example/da/cart',
		idempotencyKey: 'checkout:page:1',
	});
	return session.sessionId;
}

function render(session: string, id = invoiceId) {
	const url = `https://frostnode.example/da/checkout/test-gateway/${id}?session=${encodeURIComponent(session)}`;
	return container.renderToString(Page, {
		params: { locale: 'da', invoiceId: id },
		request: new Request(url),
	});
}

describe('the test gateway page', () => {
	it('puts a line stored as data into the page’s language', async () => {
		const line = {
			kind: 'plan',
			plan: 'palworld-standard',
			tier: 'standard',
			ramGb: 8,
			cycle: 'monthly',
		};
		row = { ...invoice, invoice_items: [{ ...invoice.invoice_items[0]!, line }] };
		const html = await render(await token());
		expect(html).toContain('Palworld (Standard), 8 GB RAM, månedligt');
		expect(html).not.toContain('Palworld server, 8 GB, monthly');
	});

	it('shows TEST MODE, the amount, the description and the Pay and Decline buttons', async () => {
		row = invoice;
		const session = await token();
		const html = await render(session);
		expect(html).toContain('lang="da"');
		expect(html).toContain('data-test-mode');
		expect(html).toContain('Testtilstand');
		expect(html).toContain('Der flyttes ingen rigtige penge');
		expect(html).toContain('Palworld server, 8 GB, monthly');
		expect(html).toContain('Faktura INV-2026-000042');
		expect(html).toMatch(/129,00\s*kr\./);
		expect(html).toContain('MobilePay');
		expect(html).toContain('action="/api/payments/test/pay"');
		expect(html).toContain(`value="${session}"`);
		expect(html).toMatch(/name="action" value="pay"/);
		expect(html).toMatch(/name="action" value="decline"/);
	});

	it('shows nothing payable for a link that does not match the invoice', async () => {
		row = invoice;
		const cheaper = await render(await token(100));
		expect(cheaper).toContain('ugyldigt eller udløbet');
		expect(cheaper).not.toContain('action="/api/payments/test/pay"');
		const forged = await render('eyJmb3JnZWQiOnRydWV9.c2ln');
		expect(forged).toContain('ugyldigt eller udløbet');
		const otherInvoice = await render(await token(), '11111111-2222-4333-8444-555555555555');
		expect(otherInvoice).not.toContain('action="/api/payments/test/pay"');
	});

	it('says an invoice is already paid instead of offering to pay it again', async () => {
		row = { ...invoice, status: 'paid' };
		const html = await render(await token());
		expect(html).toContain('Denne faktura er allerede betalt.');
		expect(html).not.toContain('action="/api/payments/test/pay"');
	});
});
