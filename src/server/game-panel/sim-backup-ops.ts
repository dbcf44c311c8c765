import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { GamePanelConflictError, GamePanelNotFoundError } from './errors';
import { parseBackupInput, parseDailyTime } from './input';
import { archiveFolder, restoreFolder } from './sim-archive';
import {
	THROTTLE,
	backupAt,
	dailyRunsDue,
	defaultBackupName,
	isComplete,
	refuseNewBackup,
	scheduledRun,
} from './sim-backup-rules';
import type { SimContext } from './sim-context';
import { issueLink } from './sim-links';
import { refuse } from './sim-paths';
import type { SimServer } from './sim-store';
import { afterSignal } from './sim-timeline';
import type { GamePanel, ServerRef } from './types';

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
	const archiveOf = (server: SimServer, id: string) =>
		join(dirs.backups(server.identifier), `${id}.tar.gz`);

	function backupOf(server: SimServer, id: string) {
		const backup = server.backups.find((b) => b.id === id);
		if (!backup)
			throw new GamePanelNotFoundError(`No backup ${id} on this server`, { status: 404 });
		return backup;
	}

	function remove(server: SimServer, id: string) {
		server.backups = server.backups.filter((b) => b.id !== id);
		rmSync(archiveOf(server, id), { force: true });
	}

	/** Records a backup started at `at` (saved), then writes its archive and completes it. */
	async function make(
		ref: ServerRef,
		server: SimServer,
		at: number,
		name: string,
		locked: boolean,
	) {
		const id = randomUUID();
		const record = {
			...{ id, name, bytes: 0, checksum: null, createdAt: at, locked },
			...{ completedAt: at + Math.max(config.delayMs, 1), successful: false, failed: false },
		};
		server.backups.push(record);
		server.backupStarts = [...server.backupStarts, at].filter((t) => t > at - THROTTLE.periodMs);
		context.save();
		const file = archiveOf(server, id);
		const made = await archiveFolder(dirs.root(server.identifier), file).catch(() => null);
		const fresh = context.load().servers.find((s) => s.identifier === ref.identifier);
		const kept = fresh?.backups.find((b) => b.id === id);
		if (!kept) rmSync(file, { force: true });
		else if (made) Object.assign(kept, made, { successful: true });
		else Object.assign(kept, { failed: true, locked: false, completedAt: now() });
		context.save();
		return kept ?? record;
	}

	/** Runs the daily backups due by now, each making room as the panel's schedule does. */
	async function runDailyBackups(ref: ServerRef) {
		for (;;) {
			const { server } = context.usable(ref);
			const run = dailyRunsDue(server, now())[0];
			if (!server.dailyBackup || run === undefined) return;
			server.dailyBackup.since = run;
			const allowed = scheduledRun(server, run);
			if (allowed?.victim) remove(server, allowed.victim.id);
			if (allowed) await make(ref, server, run, defaultBackupName(run), false);
			else context.save();
		}
	}

	async function ready(ref: ServerRef) {
		await runDailyBackups(ref);
		return context.usable(ref);
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
			// Stopped first (the port's rule; Pterodactyl's own restore would not), then restored.
			server.timeline = afterSignal(context.timelineAt(server, at), 'stop', at, config.delayMs)!;
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
