import type { AdminClient } from '../../supabase/admin-client';
import { must, pageLimit } from './read';

/** The customer's invoices and their payments and refunds (`transactions`), newest first. */

export interface CustomerInvoice {
	id: string;
	number: string;
	status: string;
	kind: string;
	total: number;
	currency: string;
	issuedAt: string;
	dueAt: string;
	paidAt: string | null;
	serviceId: string | null;
}

export interface CustomerPayment {
	id: string;
	kind: string;
	status: string;
	amount: number;
	currency: string;
	gateway: string;
	card: string | null;
	createdAt: string;
	invoiceId: string;
	invoiceNumber: string | null;
}

export async function invoicesOf(
	admin: AdminClient,
	customerId: string,
): Promise<CustomerInvoice[]> {
	const invoices = await must(
		'invoices',
		admin
			.from('invoices')
			.select('id, number, status, kind, total, currency, issued_at, due_at, paid_at, service_id')
			.eq('user_id', customerId)
			.order('issued_at', { ascending: false })
			.limit(pageLimit),
	);
	return (invoices ?? []).map((i) => ({
		id: i.id,
		number: i.number,
		status: i.status,
		kind: i.kind,
		total: Number(i.total),
		currency: i.currency,
		issuedAt: i.issued_at,
		dueAt: i.due_at,
		paidAt: i.paid_at,
		serviceId: i.service_id,
	}));
}

export async function paymentsOf(
	admin: AdminClient,
	customerId: string,
): Promise<CustomerPayment[]> {
	const payments = await must(
		'transactions',
		admin
			.from('transactions')
			.select(
				'id, kind, status, amount, currency, gateway, card_brand, card_last4, created_at, invoice_id, invoices(number)',
			)
			.eq('user_id', customerId)
			.order('created_at', { ascending: false })
			.limit(pageLimit),
	);
	return (payments ?? []).map((t) => ({
		id: t.id,
		kind: t.kind,
		status: t.status,
		amount: Number(t.amount),
		currency: t.currency,
		gateway: t.gateway,
		// A card payment names the card; any other shows its gateway instead.
		card: t.card_brand && t.card_last4 ? `${t.card_brand} ${t.card_last4}` : null,
		createdAt: t.created_at,
		invoiceId: t.invoice_id,
		invoiceNumber: t.invoices?.number ?? null,
	}));
}
