import type { Currency } from '../../../lib/domain/currency';
import type { ApprovalKind } from '../../../lib/domain/staff-approval';
import type { PaymentGateway } from '../../payments/types';
import type { StaffOutcome, StaffRequest } from '../write';

/**
 * A money write as both of its paths carry it out: the direct one (at or under the policy limit)
 * and the approval of a request above it. `requestId` is the staff write that asked, so a refund
 * approved after a failure is the same refund at the gateway.
 */
export interface MoneyWrite {
	targetId: string;
	amount: number;
	reason: string;
	requestId: string;
}

/** What carrying out a money write needs of the staff request: the client, language, origin. */
export type MoneyContext = Pick<StaffRequest<unknown>, 'admin' | 'locale' | 'origin'>;

/** The one server function of a kind of money write (creditService, refundForStaff). */
export type CarryOut = (
	context: MoneyContext,
	write: MoneyWrite,
	/** The payment gateway a refund goes back through; the configured one when not given. */
	gateway?: PaymentGateway,
) => Promise<StaffOutcome>;

/** A write above the limit, as the request for a second member of staff records it. */
export interface ApprovalAsk extends MoneyWrite {
	kind: ApprovalKind;
	customerId: string;
	currency: Currency;
	/** What it acts on, as the audit log names it: service:…, invoice:…. */
	subject: string;
}

/**
 * Records a write above the limit as waiting for a second member of staff, and nothing else: it
 * answers 202 with the request, and the door writes its audit row (approval_requested).
 */
export async function askForApproval(
	{ admin, staff }: Pick<StaffRequest<unknown>, 'admin' | 'staff'>,
	ask: ApprovalAsk,
): Promise<StaffOutcome> {
	const { data, error } = await admin
		.from('staff_approvals')
		.insert({
			...{ kind: ask.kind, target_id: ask.targetId, customer_id: ask.customerId },
			...{ amount: ask.amount, currency: ask.currency, reason: ask.reason },
			...{ requested_by: staff.id, requested_by_email: staff.email, request_id: ask.requestId },
		})
		.select('id')
		.single();
	if (error) throw new Error(`staff_approvals: ${error.message}`);
	const approval = {
		id: data.id,
		kind: ask.kind,
		amount: ask.amount,
		currency: ask.currency,
		status: 'pending',
	};
	return {
		status: 202,
		body: { approval },
		audit: {
			action: 'approval_requested',
			customerId: ask.customerId,
			subject: ask.subject,
			before: null,
			after: { ...approval, reason: ask.reason },
		},
	};
}
