import type { AdminClient } from '../supabase/admin-client';
import { afterPausePaid } from './pause-start';
import { afterRenewalPaid } from './renewal';
import { afterUpgradePaid } from './upgrade';
import { logger } from '../log/logger';

/**
 * What a paid billing invoice sets in motion, by its kind; false for a first invoice (`new`), whose
 * order the checkout's fulfilment carries on with. A panel that cannot act now is logged and left to
 * the billing run, which repeats the step.
 */
export async function afterBillingPayment(admin: AdminClient, invoiceId: string): Promise<boolean> {
	const { data: invoice, error } = await admin
		.from('invoices')
		.select('kind')
		.eq('id', invoiceId)
		.single();
	if (error) throw new Error(`paid invoice ${invoiceId}: ${error.message}`);
	try {
		switch (invoice.kind) {
			case 'renewal':
				await afterRenewalPaid(admin, invoiceId);
				return true;
			case 'pause':
				await afterPausePaid(admin, invoiceId);
				return true;
			case 'upgrade':
				await afterUpgradePaid(admin, invoiceId);
				return true;
			default:
				return false;
		}
	} catch (failure) {
		logger.error('paid invoice follow-up failed', {
			kind: invoice.kind,
			invoiceId,
			error: failure,
		});
		return true;
	}
}
