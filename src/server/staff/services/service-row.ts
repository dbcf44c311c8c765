import { z } from 'zod';
import { productTypeSchema } from '../../../lib/domain/product';
import { serviceStatusSchema } from '../../../lib/domain/service-status';
import { isUuid } from '../../../lib/uuid';
import { stalledAfterMinutes } from '../../provisioning/resume-provisioning';
import type { AdminClient } from '../../supabase/admin-client';

/** What a staff action needs to know about one service, read with the service role. */
export const staffServiceColumns =
	'id, user_id, product_type, status, suspended_by, suspension_reason, cancel_at_period_end, current_period_end, panel_server_id, panel_identifier, provisioning_error, provisioning_attempts, updated_at';

export const staffServiceSchema = z.object({
	id: z.string(),
	user_id: z.string(),
	product_type: productTypeSchema,
	status: serviceStatusSchema,
	suspended_by: z.enum(['billing', 'staff']).nullable(),
	suspension_reason: z.string().nullable(),
	cancel_at_period_end: z.boolean(),
	current_period_end: z.string().nullable(),
	panel_server_id: z.string().nullable(),
	panel_identifier: z.string().nullable(),
	provisioning_error: z.string().nullable(),
	provisioning_attempts: z.number(),
	updated_at: z.string(),
});
export type StaffService = z.infer<typeof staffServiceSchema>;

/** One service, or null for a malformed or unknown id. */
export async function loadService(admin: AdminClient, id: string): Promise<StaffService | null> {
	if (!isUuid(id)) return null;
	const { data, error } = await admin
		.from('services')
		.select(staffServiceColumns)
		.eq('id', id)
		.maybeSingle();
	if (error) throw new Error(`services ${id}: ${error.message}`);
	return data ? staffServiceSchema.parse(data) : null;
}

/**
 * Stuck in set-up: paid, still waiting for its server, and either given up on (an error on record,
 * the customer has a ticket) or quiet for longer than any install takes (the same rule the billing
 * run's last net uses, resume-provisioning.ts).
 */
export function isStuck(
	service: Pick<StaffService, 'status' | 'provisioning_error' | 'updated_at'>,
	now: Date,
): boolean {
	if (service.status !== 'provisioning') return false;
	if (service.provisioning_error !== null) return true;
	return now.getTime() - new Date(service.updated_at).getTime() > stalledAfterMinutes * 60_000;
}

/** What the audit log keeps of a service before and after a staff action. */
export function auditFacts(service: StaffService) {
	return {
		status: service.status,
		suspendedBy: service.suspended_by,
		suspensionReason: service.suspension_reason,
		cancelAtPeriodEnd: service.cancel_at_period_end,
		periodEnd: service.current_period_end,
		provisioningError: service.provisioning_error,
	};
}
