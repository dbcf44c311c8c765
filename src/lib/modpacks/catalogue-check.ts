import { catalogueIndex, modpackCatalogueSchema, type CatalogueProject } from './catalogue';
import { planFromPack } from './mrpack';

const file = 'content/catalogue/modpacks.json';

function versionProblems(project: CatalogueProject): string[] {
	const problems: string[] = [];
	const times = project.versions.map((version) => Date.parse(version.publishedAt));
	if (times.some((time, i) => i > 0 && time > times[i - 1]!))
		problems.push(`${file} ${project.id}: versions are not newest first`);
	if (project.type !== 'modpack') return problems;
	for (const version of project.versions) {
		if (!version.pack) continue;
		const verdict = planFromPack(
			catalogueIndex(project, version, version.pack),
			version.pack.entries,
			{
				projectId: project.id,
				versionId: version.id,
				name: project.name,
				versionName: version.versionNumber,
				recommendedRamGb: project.recommendedRamGb,
				packUrl: null,
				downloadsRequired: false,
			},
		);
		const where = `${file} ${project.id} ${version.id}`;
		if (!verdict.ok) problems.push(`${where}: ${verdict.reason}: ${verdict.detail}`);
		else {
			if (!version.gameVersions.includes(verdict.plan.gameVersion))
				problems.push(
					`${where}: the pack is for ${verdict.plan.gameVersion}, not a listed game version`,
				);
			if (!version.loaders.includes(verdict.plan.loader))
				problems.push(`${where}: the pack needs ${verdict.plan.loader}, not a listed loader`);
		}
	}
	return problems;
}

/**
 * Every problem in the modpack catalogue, each naming the file and the project or field; empty
 * when all is well. Besides the shape: ids unique (projects and versions), versions newest first,
 * and every modpack version's pack installable under the `.mrpack` rules (safe paths, both
 * hashes, one loader) for the game version and loader it is listed under.
 */
export function modpackCatalogueProblems(raw: unknown): string[] {
	const parsed = modpackCatalogueSchema.safeParse(raw);
	if (!parsed.success)
		return parsed.error.issues.map((issue) => `${file} ${issue.path.join('.')}: ${issue.message}`);
	const problems: string[] = [];
	const ids = parsed.data.flatMap((project) => [project.id, ...project.versions.map((v) => v.id)]);
	for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
		problems.push(`${file}: id ${id} appears twice`);
	for (const project of parsed.data) problems.push(...versionProblems(project));
	return problems;
}

/** Fails the build on a broken catalogue (src/content.config.ts). */
export function assertValidModpacks(raw: unknown): void {
	const problems = modpackCatalogueProblems(raw);
	if (problems.length)
		throw new Error(`The modpack catalogue is invalid:\n  ${problems.join('\n  ')}`);
}
