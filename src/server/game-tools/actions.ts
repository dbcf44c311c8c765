import type { User } from '@supabase/supabase-js';
import type { BackupView } from '../../lib/game-tools/types';
import type { AdminClient } from '../supabase/admin-client';
import { recordAction } from '../servers/owned';
import { onOwnServer } from './panel-call';
import { isRefusal, type ToolRefusal } from './refusals';
import { backupView, isBackupId } from './views';

// What a customer does to their game server's backups. The panel acts first; the activity log
// records what it did. Every refusal changes nothing.

/** Starts a backup now; it completes on the panel later (the list follows it). */
export async function createBackup(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	name: string | undefined,
): Promise<{ backup: BackupView } | ToolRefusal> {
	const made = await onOwnServer(admin, customer, serviceId, (panel, ref) =>
		panel.createBackup(ref, name ? { name } : {}),
	);
	if (isRefusal(made)) return made;
	await recordAction(admin, customer, serviceId, 'backup_created', { name: made.name });
	return { backup: backupView(made) };
}

/** Locks a backup (never rotated out nor deleted) or unlocks it. */
export async function lockBackup(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	backupId: string,
	locked: boolean,
): Promise<{ backup: BackupView } | ToolRefusal> {
	if (!isBackupId(backupId)) return 'backup_not_found';
	const set = await onOwnServer(
		admin,
		customer,
		serviceId,
		(panel, ref) => panel.setBackupLocked(ref, backupId, locked),
		'backup',
	);
	if (isRefusal(set)) return set;
	const event = locked ? 'backup_locked' : 'backup_unlocked';
	await recordAction(admin, customer, serviceId, event, { name: set.name });
	return { backup: backupView(set) };
}

/**
 * Stops the server and puts the backup's files back (every file deleted first with `truncate`).
 * Answers once the restore has started; the server's page shows it coming back.
 */
export async function restoreBackup(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	backupId: string,
	truncate: boolean,
): Promise<{ restoring: true } | ToolRefusal> {
	if (!isBackupId(backupId)) return 'backup_not_found';
	const done = await onOwnServer(
		admin,
		customer,
		serviceId,
		async (panel, ref) => {
			await panel.restoreBackup(ref, backupId, { truncate });
			return { restoring: true } as const;
		},
		'backup',
	);
	if (isRefusal(done)) return done;
	await recordAction(admin, customer, serviceId, 'backup_restored', { backup: backupId, truncate });
	return done;
}

export async function deleteBackup(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	backupId: string,
): Promise<{ deleted: true } | ToolRefusal> {
	if (!isBackupId(backupId)) return 'backup_not_found';
	const done = await onOwnServer(
		admin,
		customer,
		serviceId,
		async (panel, ref) => {
			await panel.deleteBackup(ref, backupId);
			return { deleted: true } as const;
		},
		'backup',
	);
	if (isRefusal(done)) return done;
	await recordAction(admin, customer, serviceId, 'backup_deleted', { backup: backupId });
	return done;
}
