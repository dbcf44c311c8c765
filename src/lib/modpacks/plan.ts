import { z } from 'zod';
import { modpackLoaderSchema, minecraftSoftwareSchema } from '../domain/minecraft-software';

// What the shop hands the game panel to install: resolved from the modpack source (the pack's
// `.mrpack` index, or the embedded catalogue's copy of it), checked once, then installed by the
// panel (Pterodactyl's installer egg fetches the pack itself by its Modrinth ids; the simulated
// panel writes the listed files into its tree). Pure data: it crosses the adapter boundary.

/** One server-side file of a pack: where it goes, and what the `.mrpack` index says of it. */
export const modpackFileSchema = z.object({
	/** Safe relative path from the server's root, e.g. `mods/sodium-0.5.8.jar`. */
	path: z.string().min(1),
	bytes: z.number().int().nonnegative(),
	sha1: z.string().regex(/^[0-9a-f]{40}$/),
	sha512: z.string().regex(/^[0-9a-f]{128}$/),
	/** HTTPS mirrors in the order to try; empty for the embedded catalogue's packs. */
	downloads: z.array(z.string().url()),
});
export type ModpackFile = z.infer<typeof modpackFileSchema>;

export const modpackPlanSchema = z.object({
	/** Modrinth's stable 8-character base62 ids (the embedded catalogue keeps real packs' ids). */
	projectId: z.string().regex(/^[0-9A-Za-z]{8}$/),
	versionId: z.string().regex(/^[0-9A-Za-z]{8}$/),
	name: z.string().min(1),
	versionName: z.string().min(1),
	loader: modpackLoaderSchema,
	loaderVersion: z.string().min(1),
	gameVersion: z.string().min(1),
	recommendedRamGb: z.number().int().positive().nullable(),
	/** The version's primary `.mrpack`, for an installer that downloads it; null when embedded. */
	packUrl: z.string().url().nullable(),
	/** The files a dedicated server needs (`env.server` absent or not `unsupported`). */
	files: z.array(modpackFileSchema),
	/** Paths `overrides/` then `server-overrides/` write (never `client-overrides/`). */
	overrides: z.array(z.string().min(1)),
});
export type ModpackPlan = z.infer<typeof modpackPlanSchema>;

/** Plain server software at a Minecraft version, from the operator's software catalogue. */
export const softwarePlanSchema = z.object({
	software: minecraftSoftwareSchema,
	minecraftVersion: z.string().min(1),
});
export type SoftwarePlan = z.infer<typeof softwarePlanSchema>;

/** What `GamePanel.installSoftware` installs: plain software, or a modpack on its loader. */
export type SoftwareInstall =
	({ kind: 'software' } & SoftwarePlan) | { kind: 'modpack'; plan: ModpackPlan };
