import { useTranslations } from '../../../i18n';
import { productOf } from '../../../lib/product-name';
import { handlePaymentEvent } from '../payment-events/handle';
import { mailLocale } from '../../mail/product-mail';
import { getPaymentGateway } from '../../payments';
import type { AdminClient } from '../../supabase/admin-client';
import type { BillingCandidate } from './candidates';

/**
 * Charges a renewal to the customer's saved card, as attempt number `attempt` (due date, then the
 * retry days). A success settles the invoice through the same fulfilment a webhook uses; either
 * way the attempt is recorded, so the same attempt is never made twice.
 */
export async function chargeRenewal(
	admin: AdminClient,
	s: BillingCandidate,
	invoice: { id: string; total: number },
	attempt: number,
	{ now, origin }: { now: Date; origin: string },
): Promise<boolean> {
	const gateway = getPaymentGateway();
	// Per invoice, attempt and amount: a late fee added since makes it a new charge.
	const idempotencyKey = `renewal-${invoice.id}-${attempt}-${invoice.total}`;
	const result = await gateway.chargeSaved({
		invoiceId: invoice.id,
		amount: invoice.total,
		currency: s.currency,
		gatewayCustomerId: s.gateway_customer_id,
		methodId: s.saved_method!,
		// Shown on the gateway's receipt: in the customer's language.
		description: useTranslations(mailLocale(s.locale))('invoice.charge.renewal', {
			product: productOf(s.plan_id)?.name ?? s.plan_id,
		}),
		idempotencyKey,
	});
	if (result.ok)
		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `charge-${result.paymentId}`,
				gateway: gateway.name,
				invoiceId: invoice.id,
				amount: invoice.total,
				currency: s.currency,
				paymentId: result.paymentId,
				method: 'card',
				...(s.saved_card ? { card: s.saved_card } : {}),
				// The run's clock: a replayed moment is paid at that moment, not when it was replayed.
				at: now.toISOString(),
			},
			origin,
			gateway,
		);
	const { error } = await admin.rpc('record_charge_attempt', {
		invoice: invoice.id,
		attempts: attempt,
		error: result.ok ? '' : `Automatic charge declined: ${result.reason}`,
		// A decline is kept as a failed payment of the invoice, for its page and the mails after it.
		...(result.ok
			? {}
			: {
					gateway: gateway.name,
					reference: idempotencyKey,
					amount: invoice.total,
					decline_code: result.reason,
					method: s.saved_method!,
					at: now.toISOString(),
				}),
	});
	if (error) throw new Error(`record_charge_attempt: ${error.message}`);
	return result.ok;
}
