import { z } from 'zod';
import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../../i18n';
import { PAUSE_MAX_MONTHS, pauseFee } from '../../../lib/billing';
import { vatRateFor } from '../../../lib/catalogue';
import { percentOf } from '../../../lib/money';
import type { InvoiceLine } from '../../../lib/billing/invoice-line';
import { pausePaidPath } from '../../../lib/routes';
import { isUuid } from '../../../lib/uuid';
import { getPaymentGateway } from '../../payments';
import type { AdminClient } from '../../supabase/admin-client';
import { lineColumns, lineIn } from '../../../lib/billing/invoice-lines';
import { payFromPanel } from '../panel-payment';
import { currencySchema } from '../../../lib/domain/currency';
import { productTypeSchema, type ProductType } from '../../../lib/domain/product';
import { pauseRefusalSchema, type PauseRefusal } from './pause-request';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

/** What `request_service_pause` answers (jsonb): the pause invoice it issued or found. */
const pauseInvoiceSchema = z.object({
	invoice_id: z.string(),
	total: z.number().int(),
	currency: currencySchema,
});

export { afterPausePaid } from './pause-start';
export { resumePause } from './pause-end';
export { endDuePauses } from './pause-sweep';

/** `total`: the fee with VAT at the customer's current rate, minor units; `payerName` as invoiced. */
export interface PauseInvoice {
	invoiceId: string;
	total: number;
	currency: string;
	payerName: string;
	line: InvoiceLine;
	/** The paused server's kind: paid, the customer comes back to that kind's page. */
	product: ProductType;
}

/**
 * The invoice of a pause of `months` months (the fee, VAT on top, due now) and the pending pause,
 * in one guarded database call; asked again for the same months it is the same invoice.
 */
export async function createPauseInvoice(
	admin: AdminClient,
	customerId: string,
	serviceId: string,
	months: number,
	now: Date,
	/** Refused before anything is written when the fee cannot be paid this way. */
	method?: PaymentMethodKind,
): Promise<PauseInvoice | PauseRefusal | 'method_unavailable'> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: s } = await admin
		.from('services')
		.select('currency, plan_id, product_type')
		.eq('id', serviceId)
		.eq('user_id', customerId)
		.maybeSingle();
	if (!s) return 'not_found';
	if (!Number.isInteger(months) || months < 1 || months > PAUSE_MAX_MONTHS) return 'invalid_months';
	if (method && !getPaymentGateway().methodsFor(s.currency).includes(method))
		return 'method_unavailable';
	const { data: profile } = await admin
		.from('profiles')
		.select('country')
		.eq('id', customerId)
		.maybeSingle();
	const fee = pauseFee(currencySchema.parse(s.currency), months);
	const taxRate = vatRateFor(profile?.country);
	const columns = lineColumns({ kind: 'pause', plan: s.plan_id, months });
	const { data, error } = await admin.rpc('request_service_pause', {
		customer: customerId,
		service: serviceId,
		at: now.toISOString(),
		months,
		amounts: { fee, tax_rate: taxRate, tax: percentOf(fee, taxRate) },
		...columns,
	});
	if (error) {
		const refusal = pauseRefusalSchema.safeParse(error.message);
		if (refusal.success) return refusal.data;
		throw new Error(`request_service_pause: ${error.message}`);
	}
	const made = pauseInvoiceSchema.parse(data);
	const { data: invoice } = await admin
		.from('invoices')
		.select('billing_name')
		.eq('id', made.invoice_id)
		.single();
	return {
		invoiceId: made.invoice_id,
		total: made.total,
		currency: made.currency,
		payerName: invoice?.billing_name ?? '',
		line: columns.line,
		product: productTypeSchema.parse(s.product_type),
	};
}

/** A pause asked for by its owner, and the gateway page to pay its fee on (back to the panel). */
export async function requestPause(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	request: { months: number; method: PaymentMethodKind },
	context: { origin: string; locale: Locale; now: Date },
): Promise<
	| { invoiceId: string; total: number; currency: string; paymentUrl: string }
	| PauseRefusal
	| 'method_unavailable'
> {
	const { months, method } = request;
	const made = await createPauseInvoice(admin, customer.id, serviceId, months, context.now, method);
	if (typeof made === 'string') return made;
	const paymentUrl = await payFromPanel(
		admin,
		customer,
		{
			invoiceId: made.invoiceId,
			total: made.total,
			currency: made.currency,
			method,
			description: lineIn(made.line, context.locale),
			attemptKey: `pause-${context.now.getTime()}`,
		},
		{ ...context, returnPath: pausePaidPath({ type: made.product, id: serviceId }) },
	);
	const { invoiceId, total, currency } = made;
	return { invoiceId, total, currency, paymentUrl };
}
