import { logger } from '../../log/logger';
import {
	backupSubjectColumns,
	setUpBackups,
	type BackupSubject,
} from '../../provisioning/backup-setup';
import type { AdminClient } from '../../supabase/admin-client';
import { refOf } from '../panel-steps';

/** How many servers one run sets up; the rest follow in the next runs. */
const PER_RUN = 200;

/**
 * The billing run's step for game servers made before backups were sold (and any whose setup the
 * panel refused at provisioning): each running one gets its plan's backup limit and the daily
 * backup schedule. A server the panel refuses now (installing, or the panel down) stays owed.
 */
export async function setUpOwedBackups(
	admin: AdminClient,
): Promise<{ setUp: number; failed: number }> {
	const { data, error } = await admin
		.from('services')
		.select(`${backupSubjectColumns}, panel_server_id, panel_identifier`)
		.is('panel_backup_limit', null)
		.eq('product_type', 'game')
		.eq('status', 'active')
		.not('panel_server_id', 'is', null)
		.limit(PER_RUN);
	if (error) throw new Error(`servers owing backups: ${error.message}`);
	let setUp = 0;
	let failed = 0;
	for (const row of data) {
		const ref = refOf(row);
		if (!ref) continue;
		const subject: BackupSubject = row;
		try {
			await setUpBackups(admin, subject, ref);
			setUp++;
		} catch (failure) {
			failed++;
			logger.warn('backups not set up yet', { serviceId: row.id, error: failure });
		}
	}
	return { setUp, failed };
}
