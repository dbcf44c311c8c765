import { afterBillingPayment } from '../billing/after-payment';
import { firstLine } from '../billing/invoice-lines';
import { inBackground } from '../http/lifecycle';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { sendOrderConfirmation } from './mails';
import { provision } from './provision';

/** What a paid invoice sets in motion: a billing follow-up, or the first order's confirmation and server. */
export async function carryOn(
	admin: AdminClient,
	invoiceId: string,
	serviceId: string,
	origin: string,
) {
	if (await afterBillingPayment(admin, invoiceId)) return;
	await confirmOrder(admin, invoiceId, origin);
	// Provisioning goes on after the gateway has its answer; its own retries and ticket cover failure.
	inBackground(
		provision(admin, serviceId, origin).catch((failure: unknown) =>
			logger.error('provisioning failed', { serviceId, error: failure }),
		),
	);
}

async function confirmOrder(admin: AdminClient, invoiceId: string, origin: string): Promise<void> {
	const { data: invoice } = await admin
		.from('invoices')
		.select(
			'number, total, currency, user_id, order_id, invoice_items(description, line, position)',
		)
		.eq('id', invoiceId)
		.single();
	if (!invoice) return;
	const { data: user } = await admin.auth.admin.getUserById(invoice.user_id);
	const { data: profile } = await admin
		.from('profiles')
		.select('preferred_locale')
		.eq('id', invoice.user_id)
		.single();
	if (!user.user?.email) return;
	await sendOrderConfirmation(origin, user.user.email, profile?.preferred_locale, {
		number: invoice.number,
		line: firstLine(invoice.invoice_items) ?? { description: '' },
		total: Number(invoice.total),
		currency: invoice.currency,
		orderId: invoice.order_id as string,
	});
}
