import type { Locale } from '../../i18n';
import { declineReason, nextAutoCharge } from '../../lib/billing';
import { invoiceStatusSchema, isOpenInvoice } from '../../lib/domain/invoice-status';
import { paymentMethodSchema } from '../../lib/domain/payment-method';
import { transactionKindSchema } from '../../lib/domain/transaction-kind';
import { invoiceKindSchema } from '../../lib/panel/invoice-kinds';
import type { InvoiceDetail, SavedCard } from '../../lib/panel/types';
import { isUuid } from '../../lib/uuid';
import type { CustomerClient } from '../supabase/customer-client';
import { savedCardColumns, savedCardOf } from '../payment-methods/queries';
import { signedAmount, storedLineDetailIn, storedLineIn } from '../../lib/billing/invoice-lines';
import { discountCodeOf, serviceRef } from './rows';

const columns = `id, number, kind, status, currency, subtotal, discount, tax_rate, tax, late_fee, total,
	period_start, period_end, issued_at, due_at, paid_at, charge_attempts,
	invoice_items(kind, description, line, quantity, unit_amount, amount, position),
	transactions(kind, status, amount, created_at, method, decline_code, card_brand, card_last4),
	services(id, product_type, game, plan_id, label, status, cancel_at_period_end, vps_machines(hostname)),
	service_upgrades(id), orders(discount_code, discount_percent)`;

/** Renewals of a server that will renew are what the billing run charges to the saved card. */
function autoCharge(
	row: { kind: string; status: string; due_at: string; charge_attempts: number },
	service: { status: string; cancel_at_period_end: boolean } | null,
	card: SavedCard | undefined,
	now: Date,
): InvoiceDetail['autoCharge'] {
	const open = isOpenInvoice(row.status);
	const renews = service && ['active', 'suspended'].includes(service.status);
	if (!open || row.kind !== 'renewal' || !renews || service.cancel_at_period_end) return null;
	if (!card || card.expired) return null;
	const today = now.toISOString().slice(0, 10);
	const on = nextAutoCharge(row.due_at.slice(0, 10), today, row.charge_attempts);
	return on ? { on, card } : null;
}

/**
 * One of the customer's invoices with its lines, payments, service and the customer's saved
 * cards. Null for a malformed id, a missing invoice and another customer's alike.
 */
export async function invoiceDetail(
	client: CustomerClient,
	userId: string,
	invoiceId: string,
	now: Date,
	/** The reader's language, which the lines are put into. */
	locale: Locale,
): Promise<InvoiceDetail | null> {
	if (!isUuid(invoiceId)) return null;
	const [invoice, cards] = await Promise.all([
		client.from('invoices').select(columns).eq('id', invoiceId).eq('user_id', userId).maybeSingle(),
		// The cards alone (not listPaymentMethods, which also asks about renewals): one query less.
		client
			.from('payment_methods')
			.select(savedCardColumns)
			.eq('user_id', userId)
			.order('is_default', { ascending: false })
			.order('created_at', { ascending: false }),
	]);
	if (invoice.error) throw new Error(`invoice ${invoiceId}: ${invoice.error.message}`);
	const row = invoice.data;
	if (!row) return null;
	if (cards.error) throw new Error(`payment_methods: ${cards.error.message}`);
	const saved = cards.data.map((row) => savedCardOf(row, now));
	const service = row.services;
	return {
		id: row.id,
		number: row.number,
		kind: invoiceKindSchema.parse(row.kind),
		status: invoiceStatusSchema.parse(row.status),
		currency: row.currency,
		total: Number(row.total),
		issuedAt: row.issued_at,
		dueAt: row.due_at,
		paidAt: row.paid_at,
		service: service ? serviceRef(service) : null,
		periodStart: row.period_start,
		periodEnd: row.period_end,
		subtotal: Number(row.subtotal),
		discount: Number(row.discount),
		discountCode: discountCodeOf(row.orders),
		taxRate: Number(row.tax_rate),
		tax: Number(row.tax),
		lateFee: Number(row.late_fee),
		lines: [...row.invoice_items]
			.sort((a, b) => a.position - b.position)
			.map((line) => ({
				kind: line.kind,
				description: storedLineIn(line, locale),
				detail: storedLineDetailIn(line, locale),
				quantity: Number(line.quantity),
				unitAmount: signedAmount({ line: line.line, amount: Number(line.unit_amount) }),
				amount: signedAmount({ line: line.line, amount: Number(line.amount) }),
			})),
		transactions: [...row.transactions]
			.sort((a, b) => a.created_at.localeCompare(b.created_at))
			.map((tx) => ({
				kind: transactionKindSchema.parse(tx.kind),
				at: tx.created_at,
				status: tx.status,
				amount: Number(tx.amount),
				method: tx.method ? paymentMethodSchema.parse(tx.method) : null,
				card:
					tx.card_brand && tx.card_last4 ? { brand: tx.card_brand, last4: tx.card_last4 } : null,
				declined: tx.status === 'failed' ? declineReason(tx.decline_code) : null,
			})),
		autoCharge: autoCharge(
			row,
			service,
			saved.find((card) => card.isDefault),
			now,
		),
		cards: saved,
		upgradeId: row.service_upgrades[0]?.id ?? null,
	};
}
