import { z } from 'zod';
import { currencySchema } from '../../../lib/domain/currency';
import type { AdminClient } from '../../supabase/admin-client';
import { reviewedPayment } from './review';

const flaggedSchema = z.object({
	id: z.uuid(),
	number: z.string(),
	status: z.string(),
	total: z.number().int(),
	currency: currencySchema,
	user_id: z.uuid(),
	review_reason: z.string(),
});

/** Invoices whose payment waits for staff: what was expected, what came, and why it was flagged. */
export async function flaggedPayments(admin: AdminClient) {
	const { data, error } = await admin
		.from('invoices')
		.select('id, number, status, total, currency, user_id, review_reason')
		.not('review_reason', 'is', null)
		.order('issued_at', { ascending: true })
		.limit(100);
	if (error) throw new Error(`flagged payments: ${error.message}`);
	const rows = z.array(flaggedSchema).parse(data);
	return Promise.all(
		rows.map(async (row) => {
			const { data: customer } = await admin.auth.admin.getUserById(row.user_id);
			const flagged = reviewedPayment(row.review_reason, row.status);
			return {
				...row,
				email: customer.user?.email ?? null,
				received: flagged.kind === 'unmatched' ? flagged.payment : null,
				settleable: flagged.kind !== 'unreadable',
			};
		}),
	);
}
export type FlaggedRow = Awaited<ReturnType<typeof flaggedPayments>>[number];

const refundSchema = z.object({
	id: z.uuid(),
	number: z.string(),
	total: z.number().int(),
	currency: currencySchema,
	reason: z.string(),
	issued_at: z.string(),
	invoice_id: z.uuid(),
	invoices: z.object({ number: z.string() }).nullable(),
});

/** The newest credit notes, money-back and staff refunds alike. */
export async function recentRefunds(admin: AdminClient, limit = 20) {
	const { data, error } = await admin
		.from('credit_notes')
		.select('id, number, total, currency, reason, issued_at, invoice_id, invoices(number)')
		.order('issued_at', { ascending: false })
		.limit(limit);
	if (error) throw new Error(`recent refunds: ${error.message}`);
	return z.array(refundSchema).parse(data);
}
