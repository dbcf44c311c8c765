import { isLocale, type Locale } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import { discountCodeOf } from './rows';
import { signedAmount } from '../../lib/billing/invoice-lines';
import { invoiceStatusSchema } from '../../lib/domain/invoice-status';
import type { InvoiceForPdf, InvoiceLineForPdf } from './types';

/** An invoice as its PDF needs it, with the language its owner chose in the profile. */
export interface LoadedInvoice {
	invoice: InvoiceForPdf;
	lines: InvoiceLineForPdf[];
	/** `profiles.preferred_locale`; null when there is no profile row. */
	preferredLocale: Locale | null;
}

const columns =
	'number, user_id, status, currency, subtotal, discount, tax_rate, tax, late_fee, total, period_start, period_end, issued_at, due_at, paid_at, billing_name, billing_company, billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number, invoice_items(position, kind, description, line, quantity, unit_amount, amount, taxable), orders(discount_code, discount_percent)';

/**
 * One invoice with its lines, read with the service role for `userId` only. Null for a malformed
 * id (no query at all), an invoice that does not exist and one that belongs to someone else, so
 * the three look the same to the caller.
 */
export async function invoiceForPdf(
	admin: AdminClient,
	userId: string,
	invoiceId: string,
): Promise<LoadedInvoice | null> {
	if (!isUuid(invoiceId)) return null;
	const [{ data: row, error }, { data: profile }] = await Promise.all([
		admin.from('invoices').select(columns).eq('id', invoiceId).eq('user_id', userId).maybeSingle(),
		admin.from('profiles').select('preferred_locale').eq('id', userId).maybeSingle(),
	]);
	if (error) throw new Error(`Could not read invoice ${invoiceId}: ${error.message}`);
	if (!row || row.user_id !== userId) return null;
	const preferred = profile?.preferred_locale;
	const items = [...(row.invoice_items ?? [])].sort((a, b) => a.position - b.position);
	return {
		invoice: {
			kind: 'invoice',
			number: row.number,
			currency: row.currency,
			status: invoiceStatusSchema.parse(row.status),
			issuedAt: row.issued_at,
			dueAt: row.due_at,
			paidAt: row.paid_at,
			periodStart: row.period_start,
			periodEnd: row.period_end,
			taxRate: Number(row.tax_rate),
			subtotal: Number(row.subtotal),
			discount: Number(row.discount),
			discountCode: discountCodeOf(row.orders),
			tax: Number(row.tax),
			lateFee: Number(row.late_fee),
			total: Number(row.total),
			customer: {
				name: row.billing_name,
				company: row.billing_company,
				address: row.billing_address,
				postalCode: row.billing_postal_code,
				city: row.billing_city,
				country: row.billing_country,
				vatNumber: row.billing_vat_number,
			},
		},
		lines: items.map((item) => ({
			kind: item.kind,
			line: item.line,
			description: item.description,
			quantity: Number(item.quantity),
			unitAmount: signedAmount({ line: item.line, amount: Number(item.unit_amount) }),
			amount: signedAmount({ line: item.line, amount: Number(item.amount) }),
			taxable: item.taxable,
		})),
		preferredLocale: isLocale(preferred) ? preferred : null,
	};
}
