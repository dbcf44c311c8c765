import { z } from 'zod';
import type { UiKey } from '../../../i18n';
import type { Json } from '../../../lib/database.types';
import { currencySchema } from '../../../lib/domain/currency';
import { approvalKindSchema, type ApprovalKind } from '../../../lib/domain/staff-approval';
import { isUuid } from '../../../lib/uuid';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import { refundForStaff, refused } from '../money/actions';
import { creditService } from '../money/credit-actions';
import type { StaffOutcome, StaffRequest } from '../write';
import type { CarryOut } from './ask';

export const decisionBodySchema = z.object({
	requestId: z.uuid(),
	decision: z.enum(['approve', 'reject']),
});
export type DecisionBody = z.infer<typeof decisionBodySchema>;

/** Each kind of request is carried out by the very function its direct path runs. */
const carryOut: Record<ApprovalKind, CarryOut> = {
	credit: creditService,
	refund: refundForStaff,
};

const subjectKind: Record<ApprovalKind, string> = { credit: 'service', refund: 'invoice' };

const approvalSchema = z.object({
	id: z.uuid(),
	kind: approvalKindSchema,
	target_id: z.uuid(),
	customer_id: z.uuid().nullable(),
	amount: z.number().int().positive(),
	currency: currencySchema,
	reason: z.string(),
	requested_by_email: z.string(),
	request_id: z.uuid(),
});

/** Why the database refused a decision: each changes nothing. */
const refusals: Record<string, [number, UiKey]> = {
	not_found: [404, 'staff.money.approval.error.notFound'],
	own_request: [403, 'staff.money.approval.error.own'],
	not_pending: [409, 'staff.money.approval.error.decided'],
};

/** The write's own audit entry, with the request it carried out and who asked for it. */
function withApproval(after: Json | null, approval: Json): Json {
	const fields = after !== null && typeof after === 'object' && !Array.isArray(after) ? after : {};
	return { ...fields, approval };
}

/**
 * POST /api/staff/approvals/{id}: a second member of staff approves or rejects a credit or refund
 * above the policy limit; the one who asked cannot (decide_staff_approval refuses it). Approving
 * claims the request under its lock, then carries it out: settled when done; released back to
 * pending when the write was refused (nothing changed, the refusal is the answer) or failed.
 */
export async function decideApproval(
	request: StaffRequest<DecisionBody>,
	approvalId: string,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<StaffOutcome> {
	const { admin, staff, locale, body } = request;
	if (!isUuid(approvalId))
		return refused(404, 'not_found', 'staff.money.approval.error.notFound', locale);
	const { data, error } = await admin.rpc('decide_staff_approval', {
		approval: approvalId,
		decider: staff.id,
		decider_email: staff.email,
		decision: body.decision,
	});
	const refusal = error ? refusals[error.message] : undefined;
	if (error && refusal) return refused(refusal[0], error.message, refusal[1], locale);
	if (error) throw new Error(`decide_staff_approval: ${error.message}`);
	const approval = approvalSchema.parse(data);
	const facts = {
		id: approval.id,
		kind: approval.kind,
		amount: approval.amount,
		currency: approval.currency,
		requestedBy: approval.requested_by_email,
	};
	const subject = `${subjectKind[approval.kind]}:${approval.target_id}`;
	if (body.decision === 'reject')
		return {
			status: 200,
			body: { approval: { ...facts, status: 'rejected' } },
			audit: {
				action: 'approval_rejected',
				customerId: approval.customer_id,
				subject,
				before: { status: 'pending' },
				after: { ...facts, status: 'rejected', reason: approval.reason },
			},
		};

	const release = () => admin.rpc('release_staff_approval', { approval: approval.id });
	const write = {
		targetId: approval.target_id,
		amount: approval.amount,
		reason: approval.reason,
		requestId: approval.request_id,
	};
	let outcome: StaffOutcome;
	try {
		outcome = await carryOut[approval.kind](request, write, gateway);
	} catch (failure) {
		await release();
		throw failure;
	}
	if (!outcome.audit) {
		await release();
		return outcome;
	}
	const settled = await admin.rpc('settle_staff_approval', {
		approval: approval.id,
		outcome: outcome.body,
	});
	if (settled.error) throw new Error(`settle_staff_approval: ${settled.error.message}`);
	const approved = { ...facts, status: 'approved' };
	return {
		...outcome,
		body: withApproval(outcome.body, approved),
		audit: { ...outcome.audit, after: withApproval(outcome.audit.after, approved) },
	};
}
