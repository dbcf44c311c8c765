import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import no from '../../../src/i18n/ui/no.json';
import {
	demo,
	other,
	sessionOf,
	startProductStack,
	type Personas,
} from '../data-model/personas.ts';
import { bySlug, testCatalogue } from './catalogue.ts';
import { startFakeModrinth, type FakeModrinth } from './fake-modrinth/index.ts';

// The installer's two reads through their routes, as the site serves them: a signed-in customer
// (a bearer token checked by the local stack's auth service) searches and lists versions from the
// embedded catalogue and from Modrinth (the fake); bad queries are refused in the caller's
// language; the source unavailable is a 503; the per-customer limit is a 429.

let p: Personas;
let fake: FakeModrinth;
let owner: string;
let search: APIRoute;
let versions: APIRoute;

interface Body {
	error: { code: string; message: string };
	modpacks: { id: string; name: string; downloads: number; loaders: string[] }[];
	versions: {
		id: string;
		name: string;
		gameVersion: string;
		loader: string;
		recommendedRamGb: number | null;
	}[];
}

async function call(
	route: APIRoute,
	path: string,
	bearer: string,
	params: Record<string, string> = {},
) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const response = await route({
		request: new Request(url, { headers: { Authorization: `Bearer ${bearer}` } }),
		url,
		params,
		locals: { clientAddress: '203.0.113.52' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	return {
		status: response.status,
		headers: response.headers,
		json: (await response.json()) as Body,
	};
}
const find = (query: string, bearer = owner) => call(search, `/api/modpacks${query}`, bearer);
const list = (id: string, query = '', bearer = owner) =>
	call(versions, `/api/modpacks/${encodeURIComponent(id)}/versions${query}`, bearer, { id });

beforeAll(async () => {
	p = await startProductStack();
	fake = await startFakeModrinth(testCatalogue);
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	search = (await import('../../../src/pages/api/modpacks/index.ts')).GET;
	versions = (await import('../../../src/pages/api/modpacks/[id]/versions.ts')).GET;
	owner = (await sessionOf(p.stack, demo)).token;
}, 60_000);
afterAll(async () => {
	await fake.close();
	await p.stack.stop();
});
beforeEach(() => {
	delete process.env.MODPACK_SOURCE;
	delete process.env.MODRINTH_API_URL;
	delete process.env.MODRINTH_USER_AGENT;
	fake.resetRateLimit();
});

const useModrinth = (extra: Record<string, string> = {}) =>
	Object.assign(process.env, {
		MODPACK_SOURCE: 'modrinth',
		MODRINTH_API_URL: fake.apiUrl,
		...extra,
	});

describe('GET /api/modpacks', () => {
	it('answers only a signed-in customer', async () => {
		const anonymous = await find('?q=cobblemon', 'not-a-token');
		expect(anonymous.status).toBe(401);
		expect(anonymous.json.error.code).toBe('unauthenticated');
	});

	it('finds packs by name from the embedded catalogue, the most downloaded for an empty query', async () => {
		const found = await find('?q=cobblemon');
		expect(found.status).toBe(200);
		expect(found.headers.get('cache-control')).toBe('private, no-store');
		const cobblemon = bySlug('cobblemon-fabric');
		expect(found.json.modpacks).toContainEqual({
			id: cobblemon.id,
			name: cobblemon.name,
			author: cobblemon.author,
			summary: cobblemon.summary,
			icon: null,
			downloads: cobblemon.downloads,
			loaders: ['fabric'],
			gameVersions: ['1.21.1', '1.20.1'],
		});
		const popular = (await find('')).json.modpacks;
		expect(popular[0]!.name).toBe('Fabulously Optimized');
		const downloads = popular.map((pack) => pack.downloads);
		expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
		const neoforge = (await find('?q=&loader=neoforge&gameVersion=1.21.1')).json.modpacks;
		expect(neoforge.map((pack) => pack.name).sort()).toEqual([
			'All the Mods 10 - ATM10',
			'Better MC [NEOFORGE] - BMC5',
		]);
	});

	it('answers the same from Modrinth', async () => {
		const embedded = (await find('?q=all%20the%20mods&loader=forge')).json.modpacks;
		useModrinth();
		const modrinth = await find('?q=all%20the%20mods&loader=forge');
		expect(modrinth.status).toBe(200);
		expect(modrinth.json.modpacks).toEqual(embedded);
		expect(fake.requests.at(-1)!.query.get('facets')).toBe(
			'[["project_type:modpack"],["categories:forge"]]',
		);
	});

	it.each([
		['?loader=bukkit', 'en', en['modpacks.error.badLoader']],
		['?loader=bukkit&locale=de', 'de', de['modpacks.error.badLoader']],
		[`?q=${'a'.repeat(101)}&locale=no`, 'no', no['modpacks.error.queryTooLong']],
		[
			`?gameVersion=${encodeURIComponent('1.20.1"],["project_type:mod')}&locale=de`,
			'de',
			de['modpacks.error.badGameVersion'],
		],
	])('refuses %s with a 400 in the caller’s language (%s)', async (query, _, message) => {
		const refused = await find(query);
		expect(refused.status).toBe(400);
		expect(refused.json.error).toEqual({ code: 'invalid_request', message });
	});

	it('is a 503 in the caller’s language when Modrinth is rate limiting or misconfigured', async () => {
		useModrinth();
		fake.useUp();
		const limited = await find('?q=cobblemon&locale=no');
		expect(limited.status).toBe(503);
		expect(limited.json.error).toEqual({
			code: 'modpack_source_unavailable',
			message: no['modpacks.error.unavailable'],
		});
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
		useModrinth({ MODRINTH_USER_AGENT: 'okhttp/4.9.3' });
		const misconfigured = await find('?q=cobblemon');
		expect(misconfigured.status).toBe(503);
		expect(misconfigured.json.error.message).toBe(en['modpacks.error.unavailable']);
	});
});

describe('GET /api/modpacks/{id}/versions', () => {
	it('lists a pack’s versions newest first with the recommended RAM', async () => {
		const atm9 = bySlug('all-the-mods-9');
		const listed = await list(atm9.id);
		expect(listed.status).toBe(200);
		expect(listed.json.versions.map((v) => v.id)).toEqual(atm9.versions.map((v) => v.id));
		expect(listed.json.versions[0]).toMatchObject({
			name: atm9.versions[0]!.name,
			gameVersion: '1.20.1',
			loader: 'forge',
			recommendedRamGb: 10,
			serverPack: true,
		});
		const sop = bySlug('sop');
		expect((await list(sop.id, '?loader=quilt')).json.versions.map((v) => v.loader)).toEqual([
			'quilt',
		]);
		useModrinth();
		const fromModrinth = await list(atm9.id);
		expect(fromModrinth.json.versions.map((v) => [v.id, v.recommendedRamGb])).toEqual(
			atm9.versions.map((v) => [v.id, null]),
		);
	});

	it('is a 404 for no such pack, a 422 for a mod, a 400 for a malformed id', async () => {
		const missing = await list('ZZZZZZZZ', '?locale=de');
		expect(missing.status).toBe(404);
		expect(missing.json.error).toEqual({
			code: 'modpack_not_found',
			message: de['modpacks.error.notFound'],
		});
		const mod = await list(bySlug('sodium').id);
		expect(mod.status).toBe(422);
		expect(mod.json.error).toEqual({
			code: 'modpack_not_modpack',
			message: en['modpacks.error.notModpack'],
		});
		for (const id of ['sodium', '../../v1', 'AANobbMI1'])
			expect((await list(id)).json.error).toEqual({
				code: 'invalid_request',
				message: en['modpacks.error.badId'],
			});
		useModrinth();
		expect((await list(bySlug('sodium').id)).status).toBe(422);
		expect((await list('ZZZZZZZZ')).status).toBe(404);
	});

	it('holds each customer to 60 reads in five minutes', async () => {
		const token = (await sessionOf(p.stack, other)).token;
		const statuses: number[] = [];
		for (let i = 0; i < 61; i++) statuses.push((await find('?q=a', token)).status);
		expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
		const refused = await find('?q=a', token);
		expect(refused.status).toBe(429);
		expect(refused.json.error.code).toBe('rate_limited');
		expect(statuses[60]).toBe(429);
	});
});
