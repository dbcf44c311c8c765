import { GamePanelConflictError, GamePanelNotFoundError } from './errors';
import { parseBackupInput, parseDailyTime } from './input';
import { restoreFolder } from './sim-archive';
import { backupMaker } from './sim-backup-make';
import { backupAt, defaultBackupName, isComplete, refuseNewBackup } from './sim-backup-rules';
import type { SimContext } from './sim-context';
import { issueLink } from './sim-links';
import { refuse } from './sim-paths';
import type { SimServer } from './sim-store';
import { afterSignal } from './sim-timeline';
import type { GamePanel } from './types';

// The simulated panel's backups: real archives of the server's folder (sim-archive.ts) under the
// panel's rules (sim-backup-rules.ts). A record is written before its archive and completed after
// it, so every step that awaits reads the state again rather than writing back an older copy.

type BackupMethods = Pick<
	GamePanel,
	| 'listBackups'
	| 'createBackup'
	| 'setBackupLocked'
	| 'backupDownload'
	| 'restoreBackup'
	| 'deleteBackup'
	| 'setDailyBackup'
>;

export function simBackupMethods(context: SimContext): BackupMethods {
	const { dirs, config, now } = context;
	const { archiveOf, remove, make, ready } = backupMaker(context);

	function backupOf(server: SimServer, id: string) {
		const backup = server.backups.find((b) => b.id === id);
		if (!backup)
			throw new GamePanelNotFoundError(`No backup ${id} on this server`, { status: 404 });
		return backup;
	}

	return {
		async listBackups(ref) {
			const { server, at } = await ready(ref);
			const newest = [...server.backups].sort((a, b) => b.createdAt - a.createdAt);
			return { backups: newest.map((b) => backupAt(b, at)), limit: server.backupLimit };
		},

		async createBackup(ref, input) {
			const { name, locked } = parseBackupInput(input);
			const { server, at } = await ready(ref);
			refuseNewBackup(server, at);
			const made = await make(ref, server, at, name ?? defaultBackupName(at), locked ?? false);
			return backupAt(made, now());
		},

		async setBackupLocked(ref, id, locked) {
			const { server, at } = await ready(ref);
			const backup = backupOf(server, id);
			backup.locked = locked && !backup.failed;
			context.save();
			return backupAt(backup, at);
		},

		async backupDownload(ref, id) {
			const { server, at } = await ready(ref);
			if (!isComplete(backupOf(server, id), at))
				throw new GamePanelConflictError('This backup is not complete', { status: 409 });
			const target = {
				kind: 'download',
				path: archiveOf(server, id),
				filename: `${id}.tar.gz`,
			} as const;
			return issueLink(dirs.links, config.linkOrigin ?? '', target, at);
		},

		async restoreBackup(ref, id, { truncate }) {
			const { server, root, at } = await ready(ref);
			if (!isComplete(backupOf(server, id), at))
				refuse('backup_not_restorable', 'This backup is not complete, or failed');
			// The panel restores only a server whose status is clear: after a failed reinstall, install
			// working software first.
			if (server.installFailed)
				refuse('backup_not_restorable', 'The server failed to install: install its software first');
			// Stopped first (the port's rule; Pterodactyl's own restore would not), then restored.
			const before = context.timelineAt(server, at);
			context.signal(server, before, afterSignal(before, 'stop', at, config.delayMs)!, at);
			server.restoringUntil = at + 2 * config.delayMs;
			context.save();
			await restoreFolder(archiveOf(server, id), root, truncate);
		},

		async deleteBackup(ref, id) {
			const { server, at } = await ready(ref);
			const backup = backupOf(server, id);
			if (backup.locked && isComplete(backup, at))
				refuse('backup_locked', 'This backup is locked: unlock it before deleting it');
			remove(server, id);
			context.save();
		},

		async setDailyBackup(ref, time) {
			const wanted = time === null ? null : parseDailyTime(time);
			const { server } = context.usable(ref);
			if (wanted && server.backupLimit <= 0)
				refuse('backup_limit', "This server's plan has no backups", 0);
			const current = server.dailyBackup;
			if (current?.hour === wanted?.hour && current?.minute === wanted?.minute) return;
			// Runs already due under the old time happened: made before the time changes.
			const { server: fresh, at } = await ready(ref);
			if (wanted) fresh.dailyBackup = { ...wanted, since: at };
			else delete fresh.dailyBackup;
			context.save();
		},
	};
}
