import { z } from 'zod';
import { locales, useTranslations, type Locale } from '../../../i18n';
import { currencySchema, type Currency } from '../../../lib/domain/currency';
import { formatMoney } from '../../../lib/format-money';
import { parseMajorAmount } from '../../../lib/money';
import { creditMax, needsSecondApproval } from '../../../lib/staff/money-limits';
import { isUuid } from '../../../lib/uuid';
import type { StaffOutcome, StaffRequest } from '../write';
import { askForApproval, type CarryOut } from '../approvals/ask';
import { refused } from './actions';
import { serviceCreditBalance } from '../../billing/service-credit';

export const creditBodySchema = z.object({
	requestId: z.uuid(),
	amount: z.string().max(20),
	reason: z.string().trim().min(1).max(2000),
});
export type CreditBody = z.infer<typeof creditBodySchema>;

const serviceSchema = z.object({ currency: currencySchema, user_id: z.uuid() });

const addedSchema = z.object({
	balance: z.number().int(),
	currency: z.string().length(3),
	user_id: z.uuid(),
});

const notFound = (locale: Locale) =>
	refused(404, 'not_found', 'staff.money.error.serviceNotFound', locale);

/** No single credit passes the policy's cap, approved or not: refused, naming the cap. */
function overCap(amount: number, currency: Currency, locale: Locale): StaffOutcome | null {
	const max = creditMax(currency);
	if (amount <= max) return null;
	const text = useTranslations(locale)('staff.money.error.creditMax', {
		max: formatMoney(max, currency, locales[locale].intl),
	});
	return { status: 422, body: { error: { code: 'credit_over_limit', message: text } } };
}

async function serviceOf({ admin }: Pick<StaffRequest<unknown>, 'admin'>, serviceId: string) {
	if (!isUuid(serviceId)) return null;
	const { data, error } = await admin
		.from('services')
		.select('currency, user_id')
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`services: ${error.message}`);
	return data ? serviceSchema.parse(data) : null;
}

/**
 * POST /api/staff/services/{id}/credit: credit in the service's currency, typed in its major
 * unit. At or under the policy's approval limit it is added now (creditService); above it, it
 * waits for a second member of staff (202); above the cap it is refused either way.
 */
export async function addServiceCredit(
	request: StaffRequest<CreditBody>,
	serviceId: string,
): Promise<StaffOutcome> {
	const { body, locale } = request;
	const amount = parseMajorAmount(body.amount);
	const service = await serviceOf(request, serviceId);
	if (!service) return notFound(locale);
	if (amount === null || amount <= 0)
		return refused(400, 'invalid_amount', 'staff.money.error.amount', locale);
	const capped = overCap(amount, service.currency, locale);
	if (capped) return capped;
	const write = { targetId: serviceId, amount, reason: body.reason, requestId: body.requestId };
	if (needsSecondApproval(amount, service.currency))
		return askForApproval(request, {
			...write,
			kind: 'credit',
			customerId: service.user_id,
			currency: service.currency,
			subject: `service:${serviceId}`,
		});
	return creditService(request, write);
}

/**
 * Adds the credit, taken off the service's next renewal invoice by the billing engine
 * (issue_renewal_invoice): the one credit write, run by the direct path and by an approval.
 */
export const creditService: CarryOut = async ({ admin, locale }, write) => {
	const { targetId: serviceId, amount, reason } = write;
	const service = await serviceOf({ admin }, serviceId);
	if (!service) return notFound(locale);
	const capped = overCap(amount, service.currency, locale);
	if (capped) return capped;
	const before = await serviceCreditBalance(admin, serviceId);
	const { data, error } = await admin.rpc('add_service_credit', {
		service: serviceId,
		amount,
		reason,
	});
	if (error?.message === 'not_found') return notFound(locale);
	if (error) throw new Error(`add_service_credit: ${error.message}`);
	const added = addedSchema.parse(data);
	return {
		status: 201,
		body: { amount, balance: added.balance, currency: added.currency },
		audit: {
			action: 'credit_added',
			customerId: added.user_id,
			subject: `service:${serviceId}`,
			before: { balance: before, currency: added.currency },
			after: { balance: added.balance, currency: added.currency, reason },
		},
	};
};
