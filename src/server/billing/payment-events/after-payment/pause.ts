import { afterPausePaid } from '../../pause/pause-start';
import type { AdminClient } from '../../../supabase/admin-client';

/**
 * A paid pause invoice: the pause starts (the server suspended on the panel, the due date moved).
 * A panel that is down leaves it to the billing run's sweep, which starts paid pauses it missed.
 */
export async function afterPause(admin: AdminClient, invoiceId: string): Promise<void> {
	await afterPausePaid(admin, invoiceId);
}
