import { z } from 'zod';

/**
 * What a member of staff can do from the console (issue 32), each written once to the audit log
 * (`staff_audit.action` allows the same). Grouped by the console's sections.
 */
export const staffActions = [
	// Tickets
	'ticket_replied',
	'ticket_department_changed',
	'ticket_status_changed',
	'ticket_assigned',
	// Money
	'invoice_refunded',
	'credit_added',
	'days_extended',
	'review_accepted',
	'review_refunded',
	'payout_paid',
	'payout_rejected',
	// Servers
	'service_suspended',
	'service_unsuspended',
	'service_cancelled_at_period_end',
	'service_cancelled_now',
	'provisioning_retried',
	'provisioning_abandoned',
	// A member of staff watching a customer's game console (read-only).
	'game_console_opened',
	// Discount codes
	'discount_created',
	'discount_expired',
	// Four eyes: a credit or refund above the policy limit asked for, or turned down (approved,
	// it is the credit_added or invoice_refunded row of the member of staff who approved it).
	'approval_requested',
	'approval_rejected',
] as const;
export type StaffAction = (typeof staffActions)[number];

export const staffActionSchema = /* @__PURE__ */ z.enum(staffActions);
