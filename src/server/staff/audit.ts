import type { Json } from '../../lib/database.types';
import { staffActionSchema, type StaffAction } from '../../lib/domain/staff-action';
import type { AdminClient } from '../supabase/admin-client';
import type { Staff } from './door';
import { z } from 'zod';

/** One staff write, as the audit log keeps it: what was done to which customer, before and after. */
export interface AuditEntry {
	action: StaffAction;
	customerId: string | null;
	/** What was acted on, as kind:id (ticket:…, invoice:…, service:…, payout:…, discount:…). */
	subject: string;
	before: Json | null;
	after: Json | null;
}

/** Written by the staff write door (write.ts) once per request id; nobody can change it after. */
export async function recordStaffAction(
	admin: AdminClient,
	staff: Staff,
	requestId: string,
	entry: AuditEntry,
): Promise<void> {
	const { error } = await admin.from('staff_audit').insert({
		staff_id: staff.id,
		staff_email: staff.email,
		action: entry.action,
		customer_id: entry.customerId,
		subject: entry.subject,
		before: entry.before,
		after: entry.after,
		request_id: requestId,
	});
	if (error) throw new Error(`staff_audit: ${error.message}`);
}

const row = z.object({
	id: z.number(),
	staff_email: z.string(),
	action: staffActionSchema,
	customer_id: z.string().nullable(),
	subject: z.string(),
	before: z.unknown(),
	after: z.unknown(),
	at: z.string(),
});
export type AuditRow = z.infer<typeof row>;

/** The newest entries first: all of them, or one customer's (their page's audit trail). */
export async function auditTrail(
	admin: AdminClient,
	options: { customerId?: string; limit?: number } = {},
): Promise<AuditRow[]> {
	let query = admin
		.from('staff_audit')
		.select('id, staff_email, action, customer_id, subject, before, after, at')
		.order('id', { ascending: false })
		.limit(options.limit ?? 100);
	if (options.customerId) query = query.eq('customer_id', options.customerId);
	const { data, error } = await query;
	if (error) throw new Error(`staff_audit: ${error.message}`);
	return z.array(row).parse(data);
}
