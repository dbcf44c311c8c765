import { z } from 'zod';
import { currencySchema } from '../../lib/domain/currency';
import type { CreditNoteRow } from '../../lib/panel/types';
import type { CustomerClient } from '../supabase/customer-client';

const rowSchema = z.object({
	id: z.uuid(),
	number: z.string(),
	total: z.number().int(),
	currency: currencySchema,
	issued_at: z.string(),
	invoices: z.object({ number: z.string() }).nullable(),
});

/**
 * The customer's credit notes (money-back refunds, refunds by staff), newest first, read as the
 * customer: row-level security shows only their own.
 */
export async function listCreditNotes(
	client: CustomerClient,
	userId: string,
): Promise<{ creditNotes: CreditNoteRow[] }> {
	const { data, error } = await client
		.from('credit_notes')
		.select('id, number, total, currency, issued_at, invoices(number)')
		.eq('user_id', userId)
		.order('issued_at', { ascending: false })
		.limit(100);
	if (error) throw new Error(`credit notes: ${error.message}`);
	return {
		creditNotes: z
			.array(rowSchema)
			.parse(data)
			.map((row) => ({
				id: row.id,
				number: row.number,
				total: row.total,
				currency: row.currency,
				issuedAt: row.issued_at,
				invoiceNumber: row.invoices?.number ?? null,
			})),
	};
}
