import { z } from 'zod';
import type { UiKey } from '../../../i18n';
import type { UpgradeRefusal } from './upgrade-quote';
import { paymentMethodSchema } from '../../../lib/domain/payment-method';

/** The body of an upgrade quote or order: the new size; the method only when ordering. */
export const upgradeBody = z.object({
	ram: z.number().int().positive().max(1024),
	storageGb: z.number().int().positive().max(100_000).nullable(),
	extras: z.array(z.string().max(40)).max(10),
	method: paymentMethodSchema.optional(),
	locale: z.string().optional(),
});

/** How each refusal answers: its status and the translated message's key. */
export function upgradeRefusal(code: UpgradeRefusal | 'method_unavailable'): {
	status: number;
	message: UiKey;
} {
	if (code === 'not_found') return { status: 404, message: 'services.upgrade.error.not_found' };
	if (code === 'unpaid_invoice' || code === 'upgrade_pending' || code === 'not_active')
		return { status: 409, message: `services.upgrade.error.${code}` };
	if (
		code === 'not_an_upgrade' ||
		code === 'method_unavailable' ||
		code === 'subdomain_not_upgradable'
	)
		return { status: 422, message: `services.upgrade.error.${code}` };
	return { status: 422, message: `checkout.error.${code}` as UiKey };
}
