import { findPlan } from '../../lib/catalogue';
import { getGamePanel, type DailyTime, type ServerRef } from '../game-panel';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';

/** What a game server's backups are set up from: its plan, size and chosen daily time. */
export interface BackupSubject {
	id: string;
	plan_id: string;
	ram_gb: number;
	storage_gb: number;
	daily_backup_at: string | null;
}

export const backupSubjectColumns = 'id, plan_id, ram_gb, storage_gb, daily_backup_at' as const;

/** The number of backups a plan includes (0 for a plan the catalogue no longer has). */
export function backupsOf(planId: string): number {
	return findPlan(planId)?.backups ?? 0;
}

const timeOf = (at: string | null): DailyTime | null =>
	at ? { hour: Number(at.slice(0, 2)), minute: Number(at.slice(3, 5)) } : null;

/**
 * Gives a running game server what its plan promises about backups: the plan's limit on the panel
 * and the daily backup schedule at the customer's time. Then marks it done, so the billing run's
 * sweep (which sets up servers made before backups were sold) passes it by. Each panel call is
 * idempotent: a run cut off halfway is simply repeated.
 */
export async function setUpBackups(
	admin: AdminClient,
	service: BackupSubject,
	ref: ServerRef,
): Promise<void> {
	const limit = backupsOf(service.plan_id);
	const panel = getGamePanel();
	await panel.updateBuild(ref, {
		ramGb: service.ram_gb,
		storageGb: service.storage_gb,
		backups: limit,
	});
	await panel.setDailyBackup(ref, timeOf(service.daily_backup_at));
	const { error } = await admin
		.from('services')
		.update({ panel_backup_limit: limit })
		.eq('id', service.id);
	if (error) throw new Error(`backup limit of ${service.id}: ${error.message}`);
	logger.info('backups set up', { serviceId: service.id, limit, at: service.daily_backup_at });
}
