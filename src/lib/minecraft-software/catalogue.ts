import catalogueData from '../../../content/catalogue/minecraft-software.json';
import type { MinecraftSoftware } from '../domain/minecraft-software';
import { softwareCatalogueSchema, type SoftwareEntry } from './schema';

// The server software a Minecraft server can run and the Minecraft versions of each, as the
// operator keeps them (`GET /api/minecraft/software`). Parsed at import, so a wrong file fails
// whatever reads it, as it fails the build.

export { compareMinecraftVersions, type SoftwareEntry } from './schema';

/** The file's entries, or an error naming the file and each wrong field. */
export function parseSoftwareCatalogue(data: unknown): SoftwareEntry[] {
	const result = softwareCatalogueSchema.safeParse(data);
	if (result.success) return result.data;
	const fields = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
	throw new Error(
		`content/catalogue/minecraft-software.json is invalid:\n  ${fields.join('\n  ')}`,
	);
}

export const softwareCatalogue: readonly SoftwareEntry[] = parseSoftwareCatalogue(catalogueData);

export function findSoftware(
	id: string,
	catalogue: readonly SoftwareEntry[] = softwareCatalogue,
): SoftwareEntry | undefined {
	return catalogue.find((entry) => entry.id === id);
}

/** Whether the operator offers `software` at `version`: what a change may ask for. */
export function isOffered(
	software: string,
	version: string,
	catalogue: readonly SoftwareEntry[] = softwareCatalogue,
): software is MinecraftSoftware {
	return findSoftware(software, catalogue)?.versions.includes(version) ?? false;
}

/** How a change names plain software to the customer: "Paper 1.21.4". */
export function softwareLabel(software: MinecraftSoftware, version: string): string {
	return `${findSoftware(software)?.name ?? software} ${version}`;
}
