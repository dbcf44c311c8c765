import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { GamePanelConfigError } from './errors';
import { softwareInstallSchema } from './input';
import { errorText } from '../log/error-text';
import { locationIdSchema } from '../../lib/domain/location';

// The simulated panel's servers, in memory and, when GAME_PANEL_SIM_FILE is set, in that JSON file
// so a restarted dev server still knows what it provisioned, and the site and the operator's
// commands (npm run billing:run) share it: the panel reads the file on every call (simulated.ts).

const stepSchema = z.object({
	at: z.number(),
	state: z.enum(['installing', 'offline', 'starting', 'running', 'stopping']),
});

const dailyTimeSchema = z.object({
	hour: z.number().int().min(0).max(23),
	minute: z.number().int().min(0).max(59),
	since: z.number(),
});

const backupSchema = z.object({
	id: z.string(),
	name: z.string(),
	bytes: z.number(),
	/** Null until the archive is written. */
	checksum: z.string().nullable(),
	createdAt: z.number(),
	/** When the panel reports it complete: a moment after it was made. */
	completedAt: z.number(),
	successful: z.boolean(),
	/** The archive could not be written: reported complete and unsuccessful, never locked. */
	failed: z.boolean().default(false),
	locked: z.boolean(),
});

const serverSchema = z.object({
	panelServerId: z.number().int(),
	identifier: z.string(),
	serviceId: z.string(),
	game: z.string(),
	/** Where it runs; files from before locations held only Oslo's servers. */
	location: locationIdSchema.default('oslo'),
	name: z.string(),
	owner: z.string(),
	build: z.object({ ramGb: z.number(), storageGb: z.number(), cpuPercent: z.number() }),
	port: z.number().int(),
	suspended: z.boolean(),
	timeline: z.array(stepSchema),
	/** The daily restart (UTC) and when it was set; absent when none (and in older files). */
	dailyRestart: dailyTimeSchema.optional(),
	// Absent in files from before the simulation kept files and backups: none, limit 0.
	backupLimit: z.number().int().min(0).default(0),
	backups: z.array(backupSchema).default([]),
	/** When each backup of the last 10 minutes was started, deleted ones too (the panel's throttle). */
	backupStarts: z.array(z.number()).default([]),
	/** The daily backup (UTC); `since` is the last moment its runs were applied up to. */
	dailyBackup: dailyTimeSchema.optional(),
	/** Until when a restore keeps the panel refusing other calls. */
	restoringUntil: z.number().optional(),
	/** How far the console log (logs/latest.log) has been written from the timeline. */
	logUntil: z.number().optional(),
	/**
	 * A software change while it installs (from `at` to `until`): its log lines are written as
	 * time passes, its files when it ends (sim-install-apply.ts).
	 */
	pendingInstall: z
		.object({
			install: softwareInstallSchema,
			freshWorld: z.boolean(),
			at: z.number(),
			until: z.number(),
			lines: z.array(z.string()),
			failed: z.boolean(),
		})
		.optional(),
	/** The last software change failed: the panel's install_failed until the next one. */
	installFailed: z.boolean().optional(),
});

const dataSchema = z.object({
	nextId: z.number().int().positive(),
	servers: z.array(serverSchema),
});

export type SimServer = z.infer<typeof serverSchema>;
export type SimBackup = z.infer<typeof backupSchema>;
export type SimData = z.infer<typeof dataSchema>;

export function loadSimulation(file: string | undefined): SimData {
	if (!file || !existsSync(file)) return { nextId: 1, servers: [] };
	let parsed;
	try {
		parsed = dataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
	} catch (error) {
		throw new GamePanelConfigError(`GAME_PANEL_SIM_FILE ${file}: ${errorText(error)}`);
	}
	// Refused rather than started empty: quietly forgetting servers would hide the problem.
	if (!parsed.success)
		throw new GamePanelConfigError(`GAME_PANEL_SIM_FILE ${file} is not a simulated panel's state`);
	return parsed.data;
}

export function saveSimulation(file: string | undefined, data: SimData): void {
	if (!file) return;
	mkdirSync(dirname(file), { recursive: true });
	// Written beside and renamed, so a crash mid-write leaves the previous state, not half a file.
	const partial = `${file}.${process.pid}.tmp`;
	writeFileSync(partial, JSON.stringify(data, null, '\t'));
	renameSync(partial, file);
}
