import type { AdminClient } from '../../supabase/admin-client';
import { moveService } from '../panel-steps';

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
	const extended = data as {
		extended: boolean;
		service_id?: string;
		status?: string;
		panel_server_id?: string | null;
		panel_identifier?: string | null;
	};
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
