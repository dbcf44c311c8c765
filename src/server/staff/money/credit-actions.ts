import { z } from 'zod';
import { parseMajorAmount } from '../../../lib/money';
import { isUuid } from '../../../lib/uuid';
import type { StaffOutcome, StaffRequest } from '../write';
import { refused } from './actions';
import { serviceCreditBalance } from '../../billing/service-credit';

export const creditBodySchema = z.object({
	requestId: z.uuid(),
	amount: z.string().max(20),
	reason: z.string().trim().min(1).max(2000),
});
export type CreditBody = z.infer<typeof creditBodySchema>;

const addedSchema = z.object({
	balance: z.number().int(),
	currency: z.string().length(3),
	user_id: z.uuid(),
});

/**
 * POST /api/staff/services/{id}/credit: credit in the service's currency, typed in its major
 * unit, taken off the service's next renewal invoice by the billing engine (issue_renewal_invoice).
 */
export async function addServiceCredit(
	{ admin, body, locale }: StaffRequest<CreditBody>,
	serviceId: string,
): Promise<StaffOutcome> {
	const notFound = () => refused(404, 'not_found', 'staff.money.error.serviceNotFound', locale);
	if (!isUuid(serviceId)) return notFound();
	const amount = parseMajorAmount(body.amount);
	if (amount === null || amount <= 0)
		return refused(400, 'invalid_amount', 'staff.money.error.amount', locale);
	const before = await serviceCreditBalance(admin, serviceId);
	const { data, error } = await admin.rpc('add_service_credit', {
		service: serviceId,
		amount,
		reason: body.reason,
	});
	if (error?.message === 'not_found') return notFound();
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
			after: { balance: added.balance, currency: added.currency, reason: body.reason },
		},
	};
}
