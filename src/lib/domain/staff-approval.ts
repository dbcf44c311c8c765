import { z } from 'zod';

/**
 * Four eyes on staff money (issue 38): what a request for a second member of staff's approval is
 * for, and where it stands. `staff_approvals.kind` and `.status` allow the same.
 */
export const approvalKinds = ['credit', 'refund'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** pending → executing (approved, being carried out) → approved; or pending → rejected. */
export const approvalStatuses = ['pending', 'executing', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const approvalKindSchema = /* @__PURE__ */ z.enum(approvalKinds);
export const approvalStatusSchema = /* @__PURE__ */ z.enum(approvalStatuses);
