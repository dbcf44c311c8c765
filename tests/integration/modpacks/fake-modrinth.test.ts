import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySlug, testCatalogue } from './catalogue.ts';
import { startFakeModrinth, type FakeModrinth } from './fake-modrinth/index.ts';

// The fake is only worth its fidelity: it must refuse what Modrinth refuses, the way Modrinth
// does (labrinth's routes, its error bodies and rate-limit headers), or the adapter's tests prove
// nothing.

let fake: FakeModrinth;
beforeAll(async () => {
	fake = await startFakeModrinth(testCatalogue, { rateLimit: 5 });
});
afterAll(() => fake.close());

const agent = { 'User-Agent': 'frostnode-tests/fake/1.0 (ops@frostnode.example)' };
const get = (path: string, headers: Record<string, string> = agent) => {
	fake.resetRateLimit();
	return fetch(`${fake.apiUrl}${path}`, { headers });
};
const cobblemon = bySlug('cobblemon-fabric');

describe('the fake Modrinth', () => {
	it('refuses a request without its own User-Agent, or with only an HTTP library’s', async () => {
		// Node's fetch sends "node" when told nothing.
		expect((await fetch(`${fake.apiUrl}/search`)).status).toBe(403);
		for (const userAgent of ['', 'okhttp/4.9.3', 'python-requests/2.31', 'curl/8.5.0'])
			expect((await get('/search', { 'User-Agent': userAgent })).status).toBe(403);
		const refused = await get('/search', { 'User-Agent': 'axios/1.7.2' });
		expect(await refused.json()).toMatchObject({ error: 'auth_error' });
		expect((await get('/search')).status).toBe(200);
	});

	it('answers an unknown project or version with a 404 and an empty body', async () => {
		for (const path of ['/project/ZZZZZZZZ', '/version/ZZZZZZZZ', '/project/ZZZZZZZZ/version']) {
			const missing = await get(path);
			expect(missing.status).toBe(404);
			expect(await missing.text()).toBe('');
		}
		expect((await get(`/project/${cobblemon.slug}`)).status).toBe(200);
	});

	it('refuses malformed facets with request_error and an unknown index with invalid_input', async () => {
		const malformed = await get(
			`/search?facets=${encodeURIComponent('[["project_type:modpack"]')}`,
		);
		expect(malformed.status).toBe(400);
		expect(await malformed.json()).toMatchObject({ error: 'request_error' });
		const flat = await get(`/search?facets=${encodeURIComponent('["project_type:modpack"]')}`);
		expect(flat.status).toBe(400);
		const index = await get('/search?index=popular');
		expect(index.status).toBe(400);
		expect(await index.json()).toMatchObject({
			error: 'invalid_input',
			description: expect.any(String),
		});
	});

	it('searches with AND of ORs, versions and loaders as v2 names them', async () => {
		const facets = encodeURIComponent(
			'[["project_type:modpack"],["categories:neoforge","categories:forge"],["versions:1.20.1"]]',
		);
		const found = (await (
			await get(`/search?facets=${facets}&index=downloads&limit=100`)
		).json()) as {
			hits: { slug: string; versions: string[] }[];
			total_hits: number;
		};
		expect(found.hits.map((hit) => hit.slug)).toEqual(['all-the-mods-9']);
		expect(found.total_hits).toBe(1);
	});

	it('ignores a version filter it cannot read, as labrinth does', async () => {
		const sop = bySlug('sop');
		const all = (await (await get(`/project/${sop.id}/version?loaders=quilt`)).json()) as unknown[];
		const quilt = (await (
			await get(`/project/${sop.id}/version?loaders=${encodeURIComponent('["quilt"]')}`)
		).json()) as unknown[];
		expect([all.length, quilt.length]).toEqual([2, 1]);
	});

	it('counts requests with X-Ratelimit-* and answers 429 ratelimit_error past the limit', async () => {
		fake.resetRateLimit();
		const seen: (string | null)[] = [];
		for (let i = 0; i < 5; i++)
			seen.push(
				(await fetch(`${fake.apiUrl}/search`, { headers: agent })).headers.get(
					'x-ratelimit-remaining',
				),
			);
		expect(seen).toEqual(['4', '3', '2', '1', '0']);
		const limited = await fetch(`${fake.apiUrl}/search`, { headers: agent });
		expect(limited.status).toBe(429);
		expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
		expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
		expect(await limited.json()).toEqual({
			error: 'ratelimit_error',
			description: expect.stringMatching(/^rate limit exceeded; retry after \d+ milliseconds$/),
		});
	});

	it('serves each version’s .mrpack with the hashes the version lists, holding its index', async () => {
		const version = (await (await get(`/version/${cobblemon.versions[0]!.id}`)).json()) as {
			files: {
				url: string;
				hashes: { sha1: string; sha512: string };
				primary: boolean;
				size: number;
			}[];
		};
		const [file] = version.files;
		expect(file).toMatchObject({ primary: true, url: expect.stringMatching(/\.mrpack$/) });
		const bytes = new Uint8Array(await (await fetch(file!.url, { headers: agent })).arrayBuffer());
		expect(bytes.byteLength).toBe(file!.size);
		expect(createHash('sha512').update(bytes).digest('hex')).toBe(file!.hashes.sha512);
		const zip = unzipSync(bytes);
		const index = JSON.parse(strFromU8(zip['modrinth.index.json']!)) as {
			formatVersion: number;
			files: { downloads: string[] }[];
			dependencies: Record<string, string>;
		};
		expect(index).toMatchObject({
			formatVersion: 1,
			game: 'minecraft',
			dependencies: { minecraft: '1.21.1' },
		});
		expect(index.files[0]!.downloads[0]).toMatch(/^https:\/\/cdn\.modrinth\.com\/data\//);
		expect(Object.keys(zip)).toContain('client-overrides/options.txt');
	});
});
