import type { SoftwareInstall } from '../../lib/modpacks/plan';
import { GamePanelConflictError, type GamePanel, type ServerRef } from '../game-panel';
import { logger } from '../log/logger';
import { installAccepted } from './job-steps';
import { ChangeInterrupted, pollUntil, retried } from './job-waits';
import type { ChangeLease } from './lease';

// After a failed change: the backup made first put back over the server's files (each deleted
// first), then the server started. A panel restores only a server whose last install worked
// (Pterodactyl refuses a restore while its status is `install_failed`), so a failed install is
// first replaced by what the server ran before (`installedBefore`); the restore then brings back
// every file as it was.

const installWaitMs = 45 * 60_000;
const restartWaitMs = 15 * 60_000;

/** Whether the backup was put back. A failure to restore is logged for the team, never thrown. */
export async function putBackupBack(
	lease: ChangeLease,
	panel: GamePanel,
	ref: ServerRef,
	change: { id: string; backupId: string; before: SoftwareInstall },
): Promise<boolean> {
	try {
		if (!(await installWorks(lease, panel, ref, change.before))) {
			logger.error('software change: no working install to restore the backup over', {
				changeId: change.id,
			});
			return false;
		}
		await retried(lease, () => panel.restoreBackup(ref, change.backupId, { truncate: true }));
	} catch (error) {
		if (error instanceof ChangeInterrupted) throw error;
		logger.error('software change: the backup could not be put back', {
			changeId: change.id,
			error,
		});
		return false;
	}
	await startWhenRestored(lease, panel, ref, change.id);
	return true;
}

/** Waits out an install under way; a failed one is replaced by `before`. False: none works. */
async function installWorks(
	lease: ChangeLease,
	panel: GamePanel,
	ref: ServerRef,
	before: SoftwareInstall,
): Promise<boolean> {
	const settled = () =>
		pollUntil(lease, installWaitMs, async () => {
			const { state } = await panel.state(ref);
			return state === 'installing' ? undefined : state;
		});
	const state = await settled();
	if (state !== 'install_failed') return state !== null;
	await installAccepted(lease, panel, ref, { install: before, fresh_world: false });
	const again = await settled();
	return again !== null && again !== 'install_failed';
}

/** Starts the restored server once the panel lets it (it refuses power while restoring). */
async function startWhenRestored(
	lease: ChangeLease,
	panel: GamePanel,
	ref: ServerRef,
	changeId: string,
): Promise<void> {
	const started = await pollUntil(lease, restartWaitMs, async () => {
		try {
			await panel.power(ref, 'start');
			return true;
		} catch (error) {
			if (error instanceof GamePanelConflictError) return undefined;
			throw error;
		}
	}).catch((error: unknown) => {
		if (error instanceof ChangeInterrupted) throw error;
		logger.warn('software change: the restored server did not start', { changeId, error });
		return false;
	});
	if (!started) logger.warn('software change: the restored server was not started', { changeId });
}
