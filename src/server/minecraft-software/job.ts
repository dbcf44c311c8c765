import type { SoftwareInstallError, SoftwareInstallStep } from '../../lib/domain/software-change';
import { getGamePanel, type GamePanel, type ServerRef } from '../game-panel';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { firstBackup } from './backup-first';
import { loadChange, recordFailing, recordStep, type Change } from './change';
import { ChangeInterrupted, pollUntil, retried } from './job-waits';
import { heldLease, takeChangeLease, type ChangeLease } from './lease';
import { ChangeFailed, failureOf, installAccepted, stopServer } from './job-steps';
import { installedBefore } from './installed-before';
import { putBackupBack } from './restore';

// A software change, run in the background after the request answered 202: the backup made first
// completes → stop → `installSoftware` → the install ends → start → installed. A failure once the
// server's files may have changed puts the backup back (every file replaced) and says so. Each
// step is recorded before the next, so a change cut off (a stopped site server) goes on from
// where it stood, on whichever server takes its lease (resume.ts).

const backupWaitMs = 30 * 60_000;
const installWaitMs = 45 * 60_000;

type Outcome = 'installed' | { failed: SoftwareInstallError; restored: boolean };

interface Run {
	admin: AdminClient;
	panel: GamePanel;
	lease: ChangeLease;
	change: Change;
	ref: ServerRef;
}

/**
 * Runs (or goes on with) one change while its lease is ours: `holder` when the request that began
 * it holds the lease already, else it is taken (null: another server runs it, or it finished).
 */
export async function runSoftwareChange(
	admin: AdminClient,
	changeId: string,
	options: { panel?: GamePanel; holder?: string } = {},
): Promise<void> {
	const lease = options.holder
		? heldLease(admin, changeId, options.holder)
		: await takeChangeLease(admin, changeId);
	if (!lease) return;
	try {
		const change = await loadChange(admin, changeId);
		if (!change) return;
		const panel = options.panel ?? getGamePanel();
		const outcome = change.ref
			? await carryOut({ admin, panel, lease, change, ref: change.ref })
			: { failed: 'panel_refused' as const, restored: false };
		const { error } = await admin.rpc(
			'finish_software_install',
			outcome === 'installed'
				? { change: change.id, holder: lease.holder, outcome }
				: {
						change: change.id,
						holder: lease.holder,
						outcome: 'failed',
						error_code: outcome.failed,
						restored: outcome.restored,
					},
		);
		if (error) throw new Error(`finish_software_install: ${error.message}`);
		logger.info('software change finished', { changeId, outcome });
	} catch (error) {
		if (!(error instanceof ChangeInterrupted)) throw error;
		logger.info('software change left for another server to go on with', { changeId });
	} finally {
		await lease.release();
	}
}

/** The steps from where the change stands; what it came to. */
async function carryOut(run: Run): Promise<Outcome> {
	const { admin, panel, lease, change, ref } = run;
	let step: SoftwareInstallStep = change.step;
	const advance = async (next: SoftwareInstallStep) => {
		if (!(await recordStep(admin, change, lease.holder, next))) throw new ChangeInterrupted();
		return next;
	};
	let backupId = change.backup_id;
	// Cut off while its backup was being put back: it goes on doing that.
	const putBack = async (id: string) =>
		putBackupBack(lease, panel, ref, {
			id: change.id,
			backupId: id,
			before: await installedBefore(admin, change.service_id),
		});
	if (change.error_code && backupId)
		return { failed: change.error_code, restored: await putBack(backupId) };
	if (step === 'backup') {
		// Nothing changed yet: a failure here has nothing to put back.
		const made = await backedUp(run, backupId).catch((error: unknown) => {
			if (error instanceof ChangeInterrupted) throw error;
			logger.warn('software change: no backup', { changeId: change.id, error });
			return { made: 'failed' as const, backupId };
		});
		backupId = made.backupId;
		if (made.made !== 'completed')
			return { failed: made.made ? 'backup_failed' : 'timed_out', restored: false };
		step = await advance('stopping');
	}
	if (!backupId) return { failed: 'backup_failed', restored: false };
	try {
		if (step === 'stopping') {
			await stopServer(lease, panel, ref);
			await installAccepted(lease, panel, ref, change);
			step = await advance('installing');
		}
		if (step === 'installing') {
			const end = await pollUntil(lease, installWaitMs, async () => {
				const { state } = await panel.state(ref);
				return state === 'installing' ? undefined : state;
			});
			if (end === null) throw new ChangeFailed('timed_out');
			if (end === 'install_failed') throw new ChangeFailed('install_failed');
			if (end === 'suspended') throw new ChangeFailed('panel_refused');
			step = await advance('starting');
		}
		await retried(lease, () => panel.power(ref, 'start'));
		return 'installed';
	} catch (error) {
		if (error instanceof ChangeInterrupted) throw error;
		const failed = failureOf(error);
		if (failed === 'panel_unavailable')
			logger.error('software change failed', { changeId: change.id, error });
		await recordFailing(admin, change, lease.holder, failed);
		return { failed, restored: await putBack(backupId) };
	}
}

/**
 * The change's backup, started here when the request that began it could not record it (cut
 * off), and followed until it completed, failed (null: still not done after half an hour).
 */
async function backedUp({ admin, panel, lease, change, ref }: Run, recorded: string | null) {
	const backupId = recorded ?? (await firstBackup(admin, panel, change, ref, lease.holder)).id;
	const made = await pollUntil(lease, backupWaitMs, async () => {
		const backup = (await panel.listBackups(ref)).backups.find((b) => b.id === backupId);
		if (!backup) return 'failed' as const;
		if (backup.successful) return 'completed' as const;
		return backup.completedAt ? ('failed' as const) : undefined;
	});
	return { made, backupId };
}
