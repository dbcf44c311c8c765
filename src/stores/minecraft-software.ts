import { map } from 'nanostores';
import type { MinecraftSoftware } from '../lib/domain/minecraft-software';
import { newestGameVersionsFirst } from '../lib/modpacks/query';
import type { ServerSoftware, SoftwareCatalogueAnswer } from '../lib/panel/types';

type SoftwareChoice = SoftwareCatalogueAnswer['software'][number];
import { panelResource } from './panel-fetch';

// The server software chooser: the operator's catalogue (Vanilla, Paper, Fabric, Forge, NeoForge,
// each with its Minecraft versions, newest first), the software and version chosen, and whether
// the worlds go too.

const catalogue = panelResource<SoftwareCatalogueAnswer>();
export const $softwareCatalogue = catalogue.$data;

export interface SoftwareDraft {
	software: MinecraftSoftware | '';
	minecraftVersion: string;
	freshWorld: boolean;
}

export const $softwareDraft = map<SoftwareDraft>({
	software: '',
	minecraftVersion: '',
	freshWorld: false,
});

export function loadSoftwareCatalogue(fallback: string, fetcher?: typeof fetch) {
	return catalogue.load('/api/minecraft/software', fallback, fetcher);
}

/**
 * Where the chooser starts: what the server runs when the catalogue still offers it, else the
 * catalogue's first software at its default version.
 */
export function startingDraft(
	entries: SoftwareChoice[],
	current: ServerSoftware['software'],
): SoftwareDraft {
	const running = current && entries.find((entry) => entry.id === current.software);
	if (running && running.versions.includes(current.minecraftVersion))
		return { software: running.id, minecraftVersion: current.minecraftVersion, freshWorld: false };
	const first = entries[0];
	return first
		? { software: first.id, minecraftVersion: first.defaultVersion, freshWorld: false }
		: { software: '', minecraftVersion: '', freshWorld: false };
}

/** Another software keeps the chosen Minecraft version when it offers it, else takes its default. */
export function chooseSoftware(entries: SoftwareChoice[], id: string) {
	const entry = entries.find((candidate) => candidate.id === id);
	if (!entry) return;
	const { minecraftVersion } = $softwareDraft.get();
	$softwareDraft.set({
		...$softwareDraft.get(),
		software: entry.id,
		minecraftVersion: entry.versions.includes(minecraftVersion)
			? minecraftVersion
			: entry.defaultVersion,
	});
}

/** Whether the draft is what the server runs already (nothing to change, unless the world goes). */
export function unchanged(draft: SoftwareDraft, current: ServerSoftware['software']): boolean {
	return (
		!draft.freshWorld &&
		current?.software === draft.software &&
		current.minecraftVersion === draft.minecraftVersion
	);
}

/** Every Minecraft version the catalogue names, newest first: the pack search's filter. */
export function gameVersions(entries: SoftwareChoice[]): string[] {
	return newestGameVersionsFirst(entries.flatMap((entry) => entry.versions));
}
