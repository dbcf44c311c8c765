import { z } from 'zod';

/**
 * The server software a Minecraft server runs when no modpack is installed, as the software
 * catalogue (`content/catalogue/minecraft-software.json`) and `PUT /api/services/{id}/software`
 * name it. Each has its label `minecraft.software.<id>` in every language.
 */
export const minecraftSoftware = ['vanilla', 'paper', 'fabric', 'forge', 'neoforge'] as const;
export type MinecraftSoftware = (typeof minecraftSoftware)[number];
export const minecraftSoftwareSchema = /* @__PURE__ */ z.enum(minecraftSoftware);

/**
 * The mod loaders a modpack may name in its `.mrpack` dependencies (`forge`, `neoforge`,
 * `fabric-loader`, `quilt-loader`); exactly one per pack. A pack on any other loader is refused.
 */
export const modpackLoaders = ['forge', 'neoforge', 'fabric', 'quilt'] as const;
export type ModpackLoader = (typeof modpackLoaders)[number];
export const modpackLoaderSchema = /* @__PURE__ */ z.enum(modpackLoaders);

/** Where a server's software change stands (`server_software.status`). */
export const softwareInstallStatuses = ['installing', 'installed', 'failed'] as const;
export type SoftwareInstallStatus = (typeof softwareInstallStatuses)[number];
