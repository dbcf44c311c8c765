import { isOpenInvoice } from '../../lib/domain/invoice-status';
import { z } from 'zod';
import { adminClient, type AdminClient } from '../supabase/admin-client';
import type { Locale } from '../../i18n';
import { storedLineIn } from '../../lib/billing/invoice-lines';
import { getPaymentGateway } from './index';
import {
	readTestSession,
	readTestSetup,
	type TestSession,
	type TestSetupSession,
} from './test-gateway';

// What the TEST MODE page shows, read from the invoice itself rather than from its link: the token
// only has to agree with the invoice (amount and currency), so an altered link shows nothing. The
// card page has no invoice: its signed token is all there is.

export type TestCheckoutView =
	| { view: 'invalid' }
	| { view: 'unavailable' }
	/** Cancelled or refunded: it takes no payment, and says so. */
	| { view: 'closed'; number: string }
	| {
			view: 'ready' | 'paid';
			session: TestSession;
			token: string;
			number: string;
			amount: number;
			currency: string;
			description: string;
	  };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface InvoiceRow {
	number: string;
	total: number | string;
	currency: string;
	status: string;
	invoice_items: { description: string; line?: unknown; position: number }[] | null;
}

export async function loadTestCheckout(
	invoiceId: string,
	token: string | null,
	/** The page's language, which the invoice's lines are put into. */
	locale: Locale,
): Promise<TestCheckoutView> {
	if (getPaymentGateway().name !== 'test' || !token || !uuid.test(invoiceId))
		return { view: 'invalid' };
	const session = readTestSession(token);
	if (session?.invoiceId !== invoiceId) return { view: 'invalid' };
	const admin = adminClient();
	if (!admin) return { view: 'unavailable' };
	const { data: invoice, error } = await admin
		.from('invoices')
		.select('number, total, currency, status, invoice_items(description, line, position)')
		.eq('id', invoiceId)
		.maybeSingle<InvoiceRow>();
	if (error) return { view: 'unavailable' };
	const data = invoice ?? (await bundleAsInvoice(admin, invoiceId));
	const amount = Number(data?.total);
	if (!data || amount !== session.amount || data.currency !== session.currency)
		return { view: 'invalid' };
	// Cancelled and refunded invoices take no payment; a paid one says so instead of its buttons.
	if (!isOpenInvoice(data.status) && data.status !== 'paid')
		return { view: 'closed', number: data.number };
	const description = (data.invoice_items ?? [])
		.toSorted((a, b) => a.position - b.position)
		.map((item) => storedLineIn(item, locale))
		.join(', ');
	return {
		view: data.status === 'paid' ? 'paid' : 'ready',
		session,
		token,
		number: data.number,
		amount,
		currency: data.currency,
		description,
	};
}

/** payment_bundles.invoices (jsonb): each invoice with its total when the bundle was made. */
const bundleInvoicesSchema = z.array(z.object({ id: z.string() }));

/** A payment for several invoices (payment_bundles), shown as one: their numbers and lines. */
async function bundleAsInvoice(admin: AdminClient, id: string): Promise<InvoiceRow | null> {
	const { data: bundle } = await admin
		.from('payment_bundles')
		.select('total, currency, status, invoices')
		.eq('id', id)
		.maybeSingle();
	if (!bundle) return null;
	const ids = bundleInvoicesSchema.parse(bundle.invoices).map((item) => item.id);
	const { data: invoices } = await admin.from('invoices').select('number').in('id', ids);
	const numbers = (invoices ?? []).map((row) => row.number).join(', ');
	return {
		number: numbers,
		total: bundle.total,
		currency: bundle.currency,
		status: bundle.status === 'paid' ? 'paid' : 'unpaid',
		invoice_items: [{ description: numbers, position: 1 }],
	};
}

/** The card setup the TEST MODE card page offers, or null for a forged or expired link. */
export function loadTestSetup(token: string | null): TestSetupSession | null {
	if (getPaymentGateway().name !== 'test' || !token || token.length >= 8192) return null;
	return readTestSetup(token);
}
