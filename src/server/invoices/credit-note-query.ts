import { isLocale } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import type { LoadedInvoice } from './pdf-query';
import { firstLine } from '../../lib/billing/invoice-lines';

const columns =
	'number, user_id, currency, subtotal, tax_rate, tax, total, issued_at, invoices(number, billing_name, billing_company, billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number, invoice_items(position, description, line))';

/**
 * A credit note as its PDF needs it: the credited invoice's number and billing details, one line
 * for the money given back. Null for a malformed id, an unknown one and someone else's alike.
 */
export async function creditNoteForPdf(
	admin: AdminClient,
	userId: string,
	creditNoteId: string,
): Promise<LoadedInvoice | null> {
	if (!isUuid(creditNoteId)) return null;
	const [{ data: row, error }, { data: profile }] = await Promise.all([
		admin
			.from('credit_notes')
			.select(columns)
			.eq('id', creditNoteId)
			.eq('user_id', userId)
			.maybeSingle(),
		admin.from('profiles').select('preferred_locale').eq('id', userId).maybeSingle(),
	]);
	if (error) throw new Error(`Could not read credit note ${creditNoteId}: ${error.message}`);
	const invoice = row?.invoices;
	if (!row || row.user_id !== userId || !invoice) return null;
	const preferred = profile?.preferred_locale;
	const subtotal = Number(row.subtotal);
	const first = firstLine(invoice.invoice_items);
	return {
		invoice: {
			kind: 'credit_note',
			number: row.number,
			credits: invoice.number,
			currency: row.currency,
			status: 'refunded',
			issuedAt: row.issued_at,
			dueAt: null,
			paidAt: row.issued_at,
			periodStart: null,
			periodEnd: null,
			taxRate: Number(row.tax_rate),
			subtotal,
			discount: 0,
			tax: Number(row.tax),
			lateFee: 0,
			total: Number(row.total),
			customer: {
				name: invoice.billing_name,
				company: invoice.billing_company,
				address: invoice.billing_address,
				postalCode: invoice.billing_postal_code,
				city: invoice.billing_city,
				country: invoice.billing_country,
				vatNumber: invoice.billing_vat_number,
			},
		},
		// One line: what the credited invoice charged for (its first line), given back in full.
		lines: [
			{
				line: first?.line,
				description: first?.description ?? invoice.number,
				quantity: 1,
				unitAmount: subtotal,
				amount: subtotal,
				taxable: true,
			},
		],
		preferredLocale: isLocale(preferred) ? preferred : null,
	};
}
