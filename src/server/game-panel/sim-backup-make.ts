import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { archiveFolder } from './sim-archive';
import { THROTTLE, dailyRunsDue, defaultBackupName, scheduledRun } from './sim-backup-rules';
import type { SimContext } from './sim-context';
import type { SimServer } from './sim-store';
import type { ServerRef } from './types';

// Making a simulated backup: its record first (saved, so the limit and throttle see it at once),
// then its archive, then the record completed, read again from the state (other calls may have
// changed it meanwhile, or deleted the backup: its archive goes then). And the daily backup's
// runs, made when the server's backups are next read.

export function backupMaker(context: SimContext) {
	const { dirs, config, now } = context;
	const archiveOf = (server: SimServer, id: string) =>
		join(dirs.backups(server.identifier), `${id}.tar.gz`);

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

	/** The server for a backup call, its daily backups made: found, gated, its folder there. */
	async function ready(ref: ServerRef) {
		await runDailyBackups(ref);
		return context.usable(ref);
	}

	return { archiveOf, remove, make, ready };
}
