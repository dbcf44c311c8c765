import { z } from 'zod';
import type { Locale } from '../../../i18n';
import { currencySchema } from '../../../lib/domain/currency';
import { invoiceStatusSchema } from '../../../lib/domain/invoice-status';
import {
	transactionKindSchema,
	transactionStatusSchema,
} from '../../../lib/domain/transaction-kind';
import { isUuid } from '../../../lib/uuid';
import { signedAmount, storedLineIn } from '../../../lib/billing/invoice-lines';
import type { AdminClient } from '../../supabase/admin-client';

const money = z.number().int();

const invoiceSchema = z.object({
	id: z.uuid(),
	number: z.string(),
	kind: z.string(),
	status: invoiceStatusSchema,
	currency: currencySchema,
	subtotal: money,
	discount: money,
	tax: money,
	total: money,
	issued_at: z.string(),
	paid_at: z.string().nullable(),
	user_id: z.uuid(),
	service_id: z.uuid().nullable(),
	review_reason: z.string().nullable(),
	invoice_items: z.array(
		z.object({ position: z.number(), description: z.string(), line: z.unknown(), amount: money }),
	),
	transactions: z.array(
		z.object({
			kind: transactionKindSchema,
			amount: money,
			currency: z.string(),
			status: transactionStatusSchema,
			gateway: z.string(),
			applied: z.boolean(),
			created_at: z.string(),
		}),
	),
	credit_notes: z.array(
		z.object({
			id: z.uuid(),
			number: z.string(),
			total: money,
			reason: z.string(),
			issued_at: z.string(),
		}),
	),
});

/** An invoice as the staff invoice page shows it: facts, lines, money moved, credit notes, rest. */
export async function invoiceForStaff(admin: AdminClient, id: string, locale: Locale) {
	if (!isUuid(id)) return null;
	const { data, error } = await admin
		.from('invoices')
		.select(
			'id, number, kind, status, currency, subtotal, discount, tax, total, issued_at, paid_at, user_id, service_id, review_reason, invoice_items(position, description, line, amount), transactions(kind, amount, currency, status, gateway, applied, created_at), credit_notes(id, number, total, reason, issued_at)',
		)
		.eq('id', id)
		.maybeSingle();
	if (error) throw new Error(`invoice ${id}: ${error.message}`);
	if (!data) return null;
	const invoice = invoiceSchema.parse(data);
	const [rest, customer] = await Promise.all([
		admin.rpc('invoice_refundable', { invoice: id }),
		admin.auth.admin.getUserById(invoice.user_id),
	]);
	if (rest.error) throw new Error(`invoice_refundable: ${rest.error.message}`);
	return {
		...invoice,
		email: customer.data.user?.email ?? null,
		refundable: money.parse(rest.data),
		lines: invoice.invoice_items
			.toSorted((a, b) => a.position - b.position)
			.map((item) => ({ text: storedLineIn(item, locale), amount: signedAmount(item) })),
		transactions: invoice.transactions.toSorted((a, b) => a.created_at.localeCompare(b.created_at)),
		credit_notes: invoice.credit_notes.toSorted((a, b) => a.number.localeCompare(b.number)),
	};
}
export type StaffInvoice = NonNullable<Awaited<ReturnType<typeof invoiceForStaff>>>;
