import { afterBillingPayment } from '../billing/after-payment';
import { inBackground } from '../http/lifecycle';
import { logger } from '../log/logger';
import { recordSavedCard } from '../payment-methods/saved-card';
import type { PaymentEvent } from '../payments/types';
import { adminClient, type AdminClient } from '../supabase/admin-client';
import { sendOrderConfirmation } from './mails';
import { provision } from './provision';

/**
 * What a verified payment event does, whichever gateway sent it (Stripe, the test gateway, or a
 * 100 % code): the only way an order is ever fulfilled. Each event takes effect once; an amount
 * or currency that does not match the invoice is flagged and fulfils nothing. A card saved without
 * a payment (the panel's "Add card") is stored the same way, once.
 */
export async function handlePaymentEvent(event: PaymentEvent, origin: string): Promise<void> {
	const admin = adminClient();
	if (!admin) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not configured');
	logger.info('payment event', {
		kind: event.kind,
		gateway: 'gateway' in event ? event.gateway : undefined,
		eventId: 'eventId' in event ? event.eventId : undefined,
		invoiceId: 'invoiceId' in event ? event.invoiceId : undefined,
	});
	switch (event.kind) {
		case 'paid':
			return settle(admin, event, origin);
		case 'failed': {
			const { error } = await admin.rpc('record_payment_failure', {
				event_id: event.eventId,
				gateway: event.gateway,
				invoice: event.invoiceId,
				reason: event.reason,
			});
			if (error) throw new Error(`record_payment_failure: ${error.message}`);
			return;
		}
		case 'refunded': {
			const { error } = await admin.rpc('record_refund', {
				event_id: event.eventId,
				gateway: event.gateway,
				invoice: event.invoiceId,
				amount: event.amount,
				currency: event.currency,
				reference: event.paymentId,
			});
			if (error) throw new Error(`record_refund: ${error.message}`);
			return;
		}
		case 'card_saved':
			return recordSavedCard(admin, event);
		case 'ignored':
			return;
	}
}

async function settle(
	admin: AdminClient,
	event: Extract<PaymentEvent, { kind: 'paid' }>,
	origin: string,
): Promise<void> {
	const { data, error } = await admin.rpc('settle_invoice', {
		event_id: event.eventId,
		gateway: event.gateway,
		invoice: event.invoiceId,
		amount: event.amount,
		currency: event.currency,
		reference: event.paymentId,
	});
	if (error) throw new Error(`settle_invoice: ${error.message}`);
	const outcome = data as { outcome: string; service_id?: string; user_id?: string };
	// Not an invoice: a payment for several (payment_bundles), settled invoice by invoice.
	if (outcome.outcome === 'unknown_invoice') return settleBundle(admin, event, origin);
	logger.info('invoice settled', {
		invoiceId: event.invoiceId,
		outcome: outcome.outcome,
		serviceId: outcome.service_id,
	});
	if (outcome.outcome === 'mismatch')
		logger.error('paid amount differs from the invoice: flagged', {
			gateway: event.gateway,
			invoiceId: event.invoiceId,
		});
	if (event.savedMethod && outcome.user_id) await saveCard(admin, outcome.user_id, event);
	if (outcome.outcome === 'paid' && outcome.service_id)
		await carryOn(admin, event.invoiceId, outcome.service_id, origin);
}

async function settleBundle(
	admin: AdminClient,
	event: Extract<PaymentEvent, { kind: 'paid' }>,
	origin: string,
): Promise<void> {
	const { data, error } = await admin.rpc('settle_payment_bundle', {
		event_id: event.eventId,
		gateway: event.gateway,
		bundle: event.invoiceId,
		amount: event.amount,
		currency: event.currency,
		reference: event.paymentId,
	});
	if (error) throw new Error(`settle_payment_bundle: ${error.message}`);
	const bundle = data as {
		outcome: string;
		settled: { outcome: string; invoice_id: string; service_id?: string; user_id?: string }[];
	} | null;
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
	const owner = bundle.settled.find((one) => one.user_id)?.user_id;
	if (event.savedMethod && owner) await saveCard(admin, owner, event);
	for (const one of bundle.settled)
		if (one.outcome === 'paid' && one.service_id)
			await carryOn(admin, one.invoice_id, one.service_id, origin);
}

/** What a paid invoice sets in motion: a billing follow-up, or the first order's confirmation and server. */
async function carryOn(admin: AdminClient, invoiceId: string, serviceId: string, origin: string) {
	if (await afterBillingPayment(admin, invoiceId)) return;
	await confirmOrder(admin, invoiceId, origin);
	// Provisioning goes on after the gateway has its answer; its own retries and ticket cover failure.
	inBackground(
		provision(admin, serviceId, origin).catch((failure: unknown) =>
			logger.error('provisioning failed', { serviceId, error: failure }),
		),
	);
}

async function saveCard(
	admin: AdminClient,
	userId: string,
	event: Extract<PaymentEvent, { kind: 'paid' }>,
): Promise<void> {
	const card = event.savedMethod!;
	const { error } = await admin.rpc('save_payment_method', {
		owner: userId,
		gateway: event.gateway,
		reference: card.gatewayMethodId,
		brand: card.brand ?? 'card',
		last4: card.last4 ?? '0000',
		exp_month: card.expMonth ?? 12,
		exp_year: card.expYear ?? 2099,
	});
	if (error) logger.error('card not saved for renewals', { userId, error: error.message });
}

async function confirmOrder(admin: AdminClient, invoiceId: string, origin: string): Promise<void> {
	const { data: invoice } = await admin
		.from('invoices')
		.select('number, total, currency, user_id, order_id, invoice_items(description)')
		.eq('id', invoiceId)
		.single();
	if (!invoice) return;
	const { data: user } = await admin.auth.admin.getUserById(invoice.user_id);
	const { data: profile } = await admin
		.from('profiles')
		.select('preferred_locale')
		.eq('id', invoice.user_id)
		.single();
	const items = invoice.invoice_items as { description: string }[] | null;
	if (!user.user?.email) return;
	await sendOrderConfirmation(origin, user.user.email, profile?.preferred_locale, {
		number: invoice.number,
		description: items?.[0]?.description ?? '',
		total: Number(invoice.total),
		currency: invoice.currency,
		orderId: invoice.order_id as string,
	});
}
