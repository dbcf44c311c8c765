import { z } from 'zod';
import { invoiceKinds } from '../../../lib/panel/invoice-kinds';
import { logger } from '../../log/logger';
import type { AdminClient } from '../../supabase/admin-client';
import { afterNewOrder } from './after-payment/new-order';
import { afterPause } from './after-payment/pause';
import { afterRenewal } from './after-payment/renewal';
import { afterUpgrade } from './after-payment/upgrade';

const invoiceKindSchema = z.enum(invoiceKinds);

/**
 * What a paid invoice sets in motion, by its kind: the first order's confirmation and server, or a
 * billing follow-up. A panel that cannot act on a billing invoice now is logged and left to the
 * billing run, which repeats the step.
 */
export async function carryOn(
	admin: AdminClient,
	invoiceId: string,
	serviceId: string,
	origin: string,
): Promise<void> {
	const { data, error } = await admin.from('invoices').select('kind').eq('id', invoiceId).single();
	if (error) throw new Error(`paid invoice ${invoiceId}: ${error.message}`);
	const kind = invoiceKindSchema.parse(data.kind);
	if (kind === 'new') return afterNewOrder(admin, invoiceId, serviceId, origin);
	try {
		switch (kind) {
			case 'renewal':
				return await afterRenewal(admin, invoiceId);
			case 'pause':
				return await afterPause(admin, invoiceId);
			case 'upgrade':
				return await afterUpgrade(admin, invoiceId);
		}
	} catch (failure) {
		logger.error('paid invoice follow-up failed', { kind, invoiceId, error: failure });
	}
}
