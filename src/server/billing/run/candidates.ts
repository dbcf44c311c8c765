import { z } from 'zod';
import { currencySchema } from '../../../lib/domain/currency';
import { invoiceStatusSchema } from '../../../lib/domain/invoice-status';
import { productTypeSchema } from '../../../lib/domain/product';
import { locationIdSchema } from '../../../lib/domain/location';
import type { AdminClient } from '../../supabase/admin-client';

/** A service the billing run looks at, as `billing_candidates` returns it (jsonb, so parsed). */
const candidateSchema = z.object({
	id: z.string(),
	user_id: z.string(),
	status: z.enum(['active', 'suspended']),
	product_type: productTypeSchema,
	game: z.string().nullable(),
	plan_id: z.string(),
	ram_gb: z.number().int(),
	/** Where it runs: its renewal line names it. */
	location: locationIdSchema,
	billing_cycle: z.string(),
	currency: currencySchema,
	recurring_amount: z.number().int(),
	anchor_day: z.number().int(),
	/** The due date: the end of the paid period, an ISO timestamp. */
	period_end: z.string(),
	cancel_at_period_end: z.boolean(),
	/** A pause is running (service_pauses); the run leaves the service to it. */
	paused: z.boolean(),
	panel_server_id: z.string().nullable(),
	panel_identifier: z.string().nullable(),
	country: z.string().nullable(),
	locale: z.string().nullable(),
	gateway_customer_id: z.string().nullable(),
	saved_method: z.string().nullable(),
	/** The saved card's brand and last digits, kept on the payment a charge makes. */
	saved_card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
	/** The renewal invoice of the coming period, once issued (a cancelled one is not looked at). */
	invoice: z
		.object({
			id: z.string(),
			status: invoiceStatusSchema.exclude(['cancelled']),
			total: z.number().int(),
			late_fee: z.number().int(),
			charge_attempts: z.number().int(),
			due_at: z.string(),
			issued_at: z.string(),
		})
		.nullable(),
});
export type BillingCandidate = z.infer<typeof candidateSchema>;

/** Services due within `noticeDays` of `now` (or past due), and every suspended one. */
export async function billingCandidates(
	admin: AdminClient,
	now: Date,
	noticeDays: number,
): Promise<BillingCandidate[]> {
	const { data, error } = await admin.rpc('billing_candidates', {
		at: now.toISOString(),
		notice_days: noticeDays,
	});
	if (error) throw new Error(`billing_candidates: ${error.message}`);
	return z.array(candidateSchema).parse(data);
}
