import { z } from 'zod';
import { logger } from '../../log/logger';
import type { PaymentEvent, PaymentGateway } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';
import { carryOn } from './carry-on';
import { closeLastPage } from '../../payment-pages/close-pages';
import { alertSoldOut, giveBack, unpayableSchema } from './give-back';

// The one place a succeeded payment meets its invoice, whichever gateway took it (a webhook of
// Stripe or the test gateway, an off-session renewal charge): settle_invoice decides under the
// invoice's lock whether it pays the invoice or, the invoice not being payable, is given back.

type Paid = Extract<PaymentEvent, { kind: 'paid' }>;

const settledSchema = z.object({
	outcome: z.enum([
		'paid',
		'duplicate',
		'unknown_invoice',
		'mismatch',
		'already_paid',
		'refunded',
		// A VPS order paid in full by a code when the pool had no address left: cancelled, nothing to refund.
		'sold_out',
	]),
	invoice_id: z.uuid().optional(),
	service_id: z.uuid().nullish(),
	user_id: z.uuid().nullish(),
});
const outcomeSchema = z.union([unpayableSchema, settledSchema]);
type Outcome = z.infer<typeof outcomeSchema>;

const bundleSchema = z
	.object({
		outcome: z.enum(['paid', 'mismatch']),
		settled: z.array(z.intersection(outcomeSchema, z.object({ invoice_id: z.uuid() }))),
	})
	.nullable();

/** How and when it was paid, for the payment's row: the card a saved card's details name too. */
function paidHow(event: Paid) {
	const saved = event.savedMethod;
	const card =
		event.card ?? (saved?.brand && saved.last4 ? { brand: saved.brand, last4: saved.last4 } : null);
	return { method: event.method, ...(card ? { card } : {}), ...(event.at ? { at: event.at } : {}) };
}

export async function settlePayment(
	admin: AdminClient,
	gateway: PaymentGateway,
	event: Paid,
	origin: string,
): Promise<void> {
	const { data, error } = await admin.rpc('settle_invoice', {
		event_id: event.eventId,
		gateway: event.gateway,
		invoice: event.invoiceId,
		amount: event.amount,
		currency: event.currency,
		reference: event.paymentId,
		...paidHow(event),
	});
	if (error) throw new Error(`settle_invoice: ${error.message}`);
	const outcome = outcomeSchema.parse(data);
	if (outcome.outcome === 'unknown_invoice') return settleBundle(admin, gateway, event, origin);
	// The service id lets an operator follow one order from its payment to its running server.
	logger.info('invoice settled', {
		invoiceId: event.invoiceId,
		outcome: outcome.outcome,
		serviceId: 'service_id' in outcome ? (outcome.service_id ?? undefined) : undefined,
	});
	if (outcome.outcome === 'mismatch')
		logger.error('paid amount differs from the invoice: flagged', {
			gateway: event.gateway,
			invoiceId: event.invoiceId,
		});
	await followUp(admin, gateway, event, outcome, origin);
}

/** A payment for several invoices (payment_bundles), settled invoice by invoice. */
async function settleBundle(
	admin: AdminClient,
	gateway: PaymentGateway,
	event: Paid,
	origin: string,
) {
	const { data, error } = await admin.rpc('settle_payment_bundle', {
		event_id: event.eventId,
		gateway: event.gateway,
		bundle: event.invoiceId,
		amount: event.amount,
		currency: event.currency,
		reference: event.paymentId,
		...paidHow(event),
	});
	if (error) throw new Error(`settle_payment_bundle: ${error.message}`);
	const bundle = bundleSchema.parse(data);
	if (!bundle)
		return logger.error('payment for an unknown invoice', {
			gateway: event.gateway,
			invoiceId: event.invoiceId,
		});
	logger.info('bundle settled', { bundleId: event.invoiceId, outcome: bundle.outcome });
	if (bundle.outcome === 'mismatch')
		logger.error('paid amount differs from the bundle: flagged', {
			gateway: event.gateway,
			bundleId: event.invoiceId,
		});
	// The card is the customer's once, whichever invoice names them.
	const saved = { done: false };
	for (const one of bundle.settled) await followUp(admin, gateway, event, one, origin, saved);
}

/** Gives back a payment that paid nothing; saves the card and carries on a paid invoice. */
async function followUp(
	admin: AdminClient,
	gateway: PaymentGateway,
	event: Paid,
	outcome: Outcome,
	origin: string,
	saved = { done: false },
): Promise<void> {
	if (outcome.outcome === 'unpayable')
		// For a bundle too the gateway knows only the one payment: its id, not our per-invoice one.
		return giveBack(admin, gateway, outcome, event.paymentId, origin);
	if (outcome.outcome === 'sold_out')
		return alertSoldOut({ invoiceId: event.invoiceId, serviceId: outcome.service_id });
	if (event.savedMethod && outcome.user_id && !saved.done) {
		saved.done = true;
		await saveCard(admin, outcome.user_id, event, event.savedMethod);
	}
	if (outcome.outcome !== 'paid' || !outcome.invoice_id) return;
	if (outcome.service_id) await carryOn(admin, outcome.invoice_id, outcome.service_id, origin);
	// Another page for the same invoice (a second tab, a retry) would only take money to give back.
	await closeLastPage(admin, gateway, outcome.invoice_id);
}

async function saveCard(
	admin: AdminClient,
	userId: string,
	event: Paid,
	card: NonNullable<Paid['savedMethod']>,
): Promise<void> {
	const { error } = await admin.rpc('save_payment_method', {
		owner: userId,
		gateway: event.gateway,
		reference: card.gatewayMethodId,
		// Empty: the database names the card by its details instead.
		fingerprint: card.fingerprint ?? '',
		brand: card.brand ?? 'card',
		last4: card.last4 ?? '0000',
		exp_month: card.expMonth ?? 12,
		exp_year: card.expYear ?? 2099,
	});
	if (error) logger.error('card not saved for renewals', { userId, error: error.message });
}
