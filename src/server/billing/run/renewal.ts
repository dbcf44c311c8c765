import { z } from 'zod';
import type { AdminClient } from '../../supabase/admin-client';
import { moveService } from '../host-steps';

/** What `extend_service_period` answers (jsonb): extended with the service, or not. */
const extendedSchema = z.object({
	extended: z.boolean(),
	service_id: z.string().optional(),
	status: z.string().optional(),
	panel_server_id: z.string().nullish(),
	panel_identifier: z.string().nullish(),
});

/**
 * After a renewal invoice is paid (by a webhook, an off-session charge or the run's repair): the
 * period runs on from the old due date, and a service suspended for not paying comes back. Returns
 * false for invoices that are not renewals.
 */
export async function afterRenewalPaid(
	admin: AdminClient,
	invoiceId: string,
	now = new Date(),
): Promise<boolean> {
	const { data, error } = await admin.rpc('extend_service_period', { invoice: invoiceId });
	if (error) throw new Error(`extend_service_period: ${error.message}`);
	const extended = extendedSchema.parse(data);
	if (!extended.extended || !extended.service_id) return false;
	if (extended.status === 'suspended')
		await moveService(
			admin,
			{
				id: extended.service_id,
				panel_server_id: extended.panel_server_id ?? null,
				panel_identifier: extended.panel_identifier ?? null,
			},
			'active',
			now,
		);
	return true;
}
