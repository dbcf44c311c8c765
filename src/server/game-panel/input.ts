import { z } from 'zod';
import { games, type GameId } from '../../lib/games';
import { minecraftSoftwareSchema } from '../../lib/domain/minecraft-software';
import { modpackPlanSchema, type SoftwareInstall } from '../../lib/modpacks/plan';
import { GamePanelValidationError } from './errors';
import { locationIdSchema } from '../../lib/domain/location';
import { locationsFor } from '../../lib/locations/catalogue';
import type { BuildChange, CreateServerInput } from './types';

// Both implementations check their input here first, so the simulation refuses exactly what the
// real adapter refuses, and a bad order never reaches the panel (whose refusals name its own fields,
// not ours). Limits follow the panel's: strings of 1–191 characters, whole MiB.

const gameIds = games.map((game) => game.id) as [GameId, ...GameId[]];
const text = z.string().trim().min(1).max(191);
const gigabytes = z
	.number()
	.positive()
	.max(1024)
	.refine((gb) => Number.isInteger(gb * 1024), 'must be a whole number of MiB');
const cpuPercent = z.number().int().min(0).max(6400);
const backups = z.number().int().min(0).max(1000);

const createSchema = z.object({
	serviceId: text,
	customer: z.object({
		email: z.email().max(191),
		firstName: text,
		lastName: text,
		accountId: text.optional(),
	}),
	game: z.enum(gameIds),
	// Only where the catalogue sells game servers: elsewhere neither implementation has a node.
	location: locationIdSchema.refine(
		(id) => locationsFor('game').some((location) => location.id === id),
		'is not a location with game servers',
	),
	name: text,
	ramGb: gigabytes,
	storageGb: gigabytes,
	cpuPercent: cpuPercent.optional(),
	backups: backups.optional(),
});

const buildSchema = z.object({
	ramGb: gigabytes,
	storageGb: gigabytes,
	cpuPercent: cpuPercent.optional(),
	backups: backups.optional(),
});

const dailyTimeSchema = z.object({
	hour: z.number().int().min(0).max(23),
	minute: z.number().int().min(0).max(59),
});
type DailyTime = z.infer<typeof dailyTimeSchema>;

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
	const result = schema.safeParse(input);
	if (result.success) return result.data;
	throw new GamePanelValidationError(
		result.error.issues.map((issue) => ({
			field: issue.path.join('.') || '(input)',
			rule: issue.code,
			message: issue.message,
		})),
	);
}

export function parseCreateInput(input: CreateServerInput): CreateServerInput {
	return parse(createSchema, input);
}

export function parseBuildChange(change: BuildChange): BuildChange {
	return parse(buildSchema, change);
}

/** A time of day (UTC) on the 24-hour clock, in whole minutes. */
export function parseDailyTime(time: DailyTime): DailyTime {
	return parse(dailyTimeSchema, time);
}

/** Whole MiB, as the panel counts memory and disk. */
export function toMiB(gb: number): number {
	return Math.round(gb * 1024);
}

export function toGb(mib: number): number {
	return mib / 1024;
}

const backupNameSchema = z.object({ name: text.optional(), locked: z.boolean().optional() });

export function parseBackupInput(input: { name?: string; locked?: boolean }) {
	return parse(backupNameSchema, input);
}

// Versions reach the installer egg's shell script as variables: letters, digits and . + _ - only
// (`1.21.4`, `24w14a`, `1.20.1-47.1.106`, `0.27.1-beta.1`), as the egg's own rules say.
const version = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/, 'is not a version');

export const softwareInstallSchema = z.discriminatedUnion('kind', [
	z.object({
		kind: z.literal('software'),
		software: minecraftSoftwareSchema,
		minecraftVersion: version,
	}),
	z.object({
		kind: z.literal('modpack'),
		plan: modpackPlanSchema.extend({
			loaderVersion: version,
			gameVersion: version,
		}),
	}),
]);

const installSchema = z.object({ install: softwareInstallSchema, freshWorld: z.boolean() });

export function parseSoftwareInstall(
	install: SoftwareInstall,
	options: { freshWorld: boolean },
): { install: SoftwareInstall; freshWorld: boolean } {
	return parse(installSchema, { install, freshWorld: options.freshWorld });
}
