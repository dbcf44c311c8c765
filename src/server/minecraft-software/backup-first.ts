import { GamePanelRefusedError, type Backup, type GamePanel, type ServerRef } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { recordOn, recordStep, type Change } from './change';

/** What a change's backup is called on the panel: "Before Paper 1.21.4" (its 191-character cap). */
export const backupName = (target: string) => `Before ${target}`.slice(0, 191);

/**
 * Starts the backup a software change makes first. At the plan's limit the oldest unlocked
 * completed backup makes room, as the daily schedule rotates; `rotated` hears of it. The panel's
 * other refusals (every backup locked, two backups already started within ten minutes) are thrown:
 * nothing may change without a backup.
 */
export async function backupBefore(
	panel: Pick<GamePanel, 'createBackup' | 'listBackups' | 'deleteBackup'>,
	ref: ServerRef,
	name: string,
	rotated: (removed: Backup) => Promise<void>,
): Promise<Backup> {
	try {
		return await panel.createBackup(ref, { name });
	} catch (error) {
		if (!(error instanceof GamePanelRefusedError) || error.reason !== 'backup_limit') throw error;
		const { backups } = await panel.listBackups(ref);
		const oldest = backups
			.filter((backup) => !backup.locked && backup.successful)
			.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
		if (!oldest) throw error;
		await panel.deleteBackup(ref, oldest.id);
		await rotated(oldest);
		return panel.createBackup(ref, { name });
	}
}

/** The change's backup, started and recorded on the change and in the server's activity. */
export async function firstBackup(
	admin: AdminClient,
	panel: GamePanel,
	change: Pick<Change, 'id' | 'service_id' | 'userId' | 'target'>,
	ref: ServerRef,
	holder: string,
): Promise<Backup> {
	const backup = await backupBefore(panel, ref, backupName(change.target), (removed) =>
		recordOn(admin, change, 'backup_deleted', {
			backup: removed.id,
			name: removed.name,
			rotated: true,
		}),
	);
	await recordStep(admin, change, holder, 'backup', backup.id);
	await recordOn(admin, change, 'backup_created', { name: backup.name });
	return backup;
}
