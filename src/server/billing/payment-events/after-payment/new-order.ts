import { firstLine } from '../../../../lib/billing/invoice-lines';
import { sendOrderConfirmation } from '../../../provisioning/mails';
import { provision } from '../../../provisioning/provision';
import { inBackground } from '../../../http/lifecycle';
import { logger } from '../../../log/logger';
import type { AdminClient } from '../../../supabase/admin-client';

/** A paid first invoice: the order's confirmation mail, then its server. */
export async function afterNewOrder(
	admin: AdminClient,
	invoiceId: string,
	serviceId: string,
	origin: string,
): Promise<void> {
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
	// A first invoice always has its order; the check also gives the mail a string, not a cast.
	if (!invoice?.order_id) return;
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
		orderId: invoice.order_id,
	});
}
