import type { CatalogueProject } from '../../../../src/lib/modpacks/catalogue.ts';
import { gameVersionsOf, hitJson, loadersOf, modrinthError, type Answer } from './api.ts';

// `GET /v2/search` as labrinth answers it: `facets` a JSON string of arrays of strings (inner
// arrays OR, outer AND; malformed JSON is a 400 `request_error`), each facet `type op value` with
// the v2 names (`versions`, `project_type`), `index` one of five (else 400 `invalid_input`, the
// code Modrinth's docs still show), `limit` at most 100, `query` matched in title, description
// and author.

const indexes = ['relevance', 'downloads', 'follows', 'newest', 'updated'];

/** labrinth's `parse_facet`: the key up to the operator (spaces skipped), then the value. */
function parseFacet(facet: string): { key: string; op: string; value: string } | null {
	const match = /^([^:=<>!]*?)\s*(!=|>=|<=|:|=|<|>)\s*(.*)$/.exec(facet);
	if (!match) return null;
	return { key: match[1]!.replaceAll(' ', ''), op: match[2]!, value: match[3]! };
}

function facetValues(project: CatalogueProject, key: string): string[] | null {
	switch (key) {
		case 'project_type':
		case 'project_types':
			return [project.type];
		case 'categories':
			return [...loadersOf(project), 'adventure'];
		case 'versions':
		case 'game_versions':
			return gameVersionsOf(project);
		case 'project_id':
			return [project.id];
		case 'author':
			return [project.author];
		case 'title':
		case 'name':
			return [project.name];
		default:
			return null;
	}
}

export function search(projects: readonly CatalogueProject[], query: URLSearchParams): Answer {
	let facets: string[][] = [];
	const raw = query.get('facets');
	if (raw !== null) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(raw);
		} catch (error) {
			return modrinthError(400, 'request_error', `deserializing JSON data: ${String(error)}`);
		}
		if (
			!Array.isArray(parsed) ||
			!parsed.every((group) => Array.isArray(group) && group.every((f) => typeof f === 'string'))
		)
			return modrinthError(400, 'request_error', 'deserializing JSON data: expected [[string]]');
		facets = parsed;
	}
	const index = query.get('index') ?? 'relevance';
	if (!indexes.includes(index))
		return modrinthError(400, 'invalid_input', `Invalid index ${index}`);
	const limit = Number(query.get('limit') ?? '10');
	const offset = Number(query.get('offset') ?? '0');
	if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0)
		return modrinthError(400, 'request_error', 'invalid digit found in string');
	const words = (query.get('query') ?? '').trim().toLowerCase();
	const matches = (project: CatalogueProject) =>
		facets.every((group) =>
			group.some((facet) => {
				const parsed = parseFacet(facet);
				const values = parsed && facetValues(project, parsed.key);
				if (!parsed || !values) return false;
				const has = values.includes(parsed.value);
				return parsed.op === '!=' ? !has : has;
			}),
		) &&
		[project.name, project.summary, project.author].some((text) =>
			text.toLowerCase().includes(words),
		);
	const unknownFacet = facets.flat().find((facet) => {
		const parsed = parseFacet(facet);
		return !parsed || facetValues(projects[0]!, parsed.key) === null;
	});
	if (unknownFacet) return modrinthError(400, 'invalid_input', `Invalid facet ${unknownFacet}`);
	const hits = projects.filter(matches).sort((a, b) => b.downloads - a.downloads);
	const page = hits.slice(offset, offset + Math.min(limit, 100));
	return {
		status: 200,
		body: { hits: page.map(hitJson), offset, limit: Math.min(limit, 100), total_hits: hits.length },
	};
}
