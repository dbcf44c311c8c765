import { fill } from '../../../lib/fill';
import type { ServerSoftware } from '../../../lib/panel/types';

/** What a Minecraft server runs, in words: its pack and version, its software, or the plan's. */
export function runningText(minecraft: ServerSoftware, t: (key: string) => string): string {
	const { modpack, software } = minecraft;
	if (modpack)
		return fill(t('modpacks.running.modpack'), {
			name: modpack.name,
			version: modpack.version,
			loader: t(`minecraft.loader.${modpack.loader}`),
			gameVersion: modpack.gameVersion,
		});
	if (software)
		return fill(t('modpacks.running.software'), {
			software: t(`minecraft.software.${software.software}`),
			version: software.minecraftVersion,
		});
	return t('modpacks.running.planDefault');
}

/**
 * A pack's version in a sentence: Modrinth's version names are free text, often with the pack's
 * name in them ("Cobblemon Modpack [Fabric] 1.6.1"), so the version stays apart from the pack's.
 */
export const packVersion = (pack: string, version: string) => `${pack} (${version})`;
