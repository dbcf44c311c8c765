import { refuse } from './sim-paths';
import type { SimBackup, SimServer } from './sim-store';
import { nextDailyAt } from './sim-timeline';
import type { Backup } from './types';

// The panel's rules for backups, on the simulated server's records: its throttle (2 started per
// 600 s, deleted ones counted), the plan's limit (over non-failed backups, running ones counted),
// the schedule's rotation (the oldest unlocked non-failed one makes room) and how a record reads
// at a moment (complete only once its archive is written and its moment has come).

export const THROTTLE = { count: 2, periodMs: 600_000 } as const;

const done = (backup: SimBackup, at: number) =>
	backup.checksum !== null && backup.completedAt <= at;

/** The backup as the port reports it at `at`. */
export function backupAt(backup: SimBackup, at: number): Backup {
	const complete = backup.successful && done(backup, at);
	const finished = complete || backup.failed;
	return {
		id: backup.id,
		name: backup.name,
		bytes: complete ? backup.bytes : 0,
		checksum: complete ? backup.checksum : null,
		createdAt: new Date(backup.createdAt).toISOString(),
		completedAt: finished
			? new Date(Math.max(backup.completedAt, backup.createdAt)).toISOString()
			: null,
		successful: complete,
		locked: backup.locked,
	};
}

export const isComplete = (backup: SimBackup, at: number) => backupAt(backup, at).successful;

/** Running or successful: what counts against the limit and may be rotated. */
const nonFailed = (backups: readonly SimBackup[]) => backups.filter((backup) => !backup.failed);

/** Throws the panel's refusals for a new backup at `at`; the throttle is checked first. */
export function refuseNewBackup(server: SimServer, at: number): void {
	const recent = server.backupStarts.filter((start) => start > at - THROTTLE.periodMs);
	if (recent.length >= THROTTLE.count)
		refuse(
			'backups_too_frequent',
			`Only ${THROTTLE.count} backups may be made within ${THROTTLE.periodMs / 1000} seconds`,
		);
	if (server.backupLimit <= 0 || nonFailed(server.backups).length >= server.backupLimit)
		refuse(
			'backup_limit',
			`This server has reached its limit of ${server.backupLimit} backups`,
			server.backupLimit,
		);
}

/**
 * Whether a scheduled run at `at` makes a backup, and which one it deletes first to make room: the
 * oldest unlocked non-failed one at the limit. Not when the plan has none, the throttle holds, or
 * every backup at the limit is locked: the panel's task fails then.
 */
export function scheduledRun(server: SimServer, at: number): { victim?: SimBackup } | null {
	const recent = server.backupStarts.filter((start) => start > at - THROTTLE.periodMs);
	if (server.backupLimit <= 0 || recent.length >= THROTTLE.count) return null;
	const kept = nonFailed(server.backups);
	if (kept.length < server.backupLimit) return {};
	const victim = kept.filter((b) => !b.locked).sort((a, b) => a.createdAt - b.createdAt)[0];
	return victim ? { victim } : null;
}

/**
 * The daily backup's runs due in (since, now]: at most `keep` of the latest, since each run makes
 * room by deleting one, so older runs would leave nothing behind.
 */
export function dailyRunsDue(server: SimServer, now: number): number[] {
	const schedule = server.dailyBackup;
	if (!schedule) return [];
	const runs: number[] = [];
	for (let at = nextDailyAt(schedule, schedule.since); at <= now; at = nextDailyAt(schedule, at))
		runs.push(at);
	return runs.slice(-Math.max(1, server.backupLimit));
}

/** The panel's default name: "Backup at 2026-03-01 04:30:00". */
export const defaultBackupName = (at: number) =>
	`Backup at ${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}`;
