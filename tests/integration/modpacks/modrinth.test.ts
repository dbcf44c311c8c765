import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createModrinthSource } from '../../../src/server/modpacks/modrinth.ts';
import { getModpackSource } from '../../../src/server/modpacks/index.ts';
import {
	ModpackConfigError,
	ModpackError,
	ModpackRefusedError,
	ModpackUnavailableError,
} from '../../../src/server/modpacks/errors.ts';
import type { ModrinthConfig } from '../../../src/server/modpacks/config.ts';
import { broken, bySlug, testCatalogue } from './catalogue.ts';
import { startFakeModrinth, type FakeModrinth } from './fake-modrinth/index.ts';

// What only the Modrinth adapter does: its User-Agent on every call, the filters sent as Modrinth
// reads them (and checked again, since it ignores what it cannot read), its 429 and our own
// budget, 5xx and lost connections, 404s with empty or unexpected bodies, and a pack whose
// download does not match the hashes Modrinth lists.

let fake: FakeModrinth;
const cobblemon = bySlug('cobblemon-fabric');
beforeAll(async () => {
	fake = await startFakeModrinth(testCatalogue, {
		corrupt: [broken.good.versions[0]!.id],
		sizes: { [cobblemon.versions[1]!.id]: 200 * 1024 * 1024 },
	});
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.requests.splice(0);
	fake.resetRateLimit();
});

const config = (extra: Partial<ModrinthConfig> = {}): ModrinthConfig => ({
	kind: 'modrinth',
	apiUrl: fake.apiUrl,
	userAgent: 'frostnode-tests/shop/1.0 (ops@frostnode.example)',
	...extra,
});
const caught = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: unknown) => error,
	);

describe('the Modrinth adapter', () => {
	it('sends its User-Agent on every call, the seller’s contact in it by default', async () => {
		const source = getModpackSource({
			MODPACK_SOURCE: 'modrinth',
			MODRINTH_API_URL: fake.apiUrl,
			SELLER_EMAIL: 'drift@nordlys.example',
		});
		await source.search({ query: 'cobblemon' });
		await source.project(cobblemon.id);
		await source.versions(cobblemon.id, {});
		await source.resolve(cobblemon.id, cobblemon.versions[0]!.id);
		const agents = new Set(fake.requests.map((request) => request.headers['user-agent']));
		expect([...agents]).toEqual([
			expect.stringMatching(/^frostnode\/shop\/\d+\.\d+\.\d+ \(drift@nordlys\.example\)$/),
		]);
		expect(fake.requests.map((r) => r.path)).toContain(
			`/data/${cobblemon.id}/versions/${cobblemon.versions[0]!.id}/cobblemon-fabric-1.6.1.mrpack`,
		);
	});

	it('refuses to be configured with an HTTP library’s agent or without a contact', async () => {
		for (const agent of ['node', 'axios/1.7.2', 'okhttp/4.9.3', 'frostnode/shop/1.0'])
			await expect(
				getModpackSource({ MODPACK_SOURCE: 'modrinth', MODRINTH_USER_AGENT: agent }).search({
					query: '',
				}),
			).rejects.toBeInstanceOf(ModpackConfigError);
		await expect(
			getModpackSource({
				MODPACK_SOURCE: 'modrinth',
				MODRINTH_API_URL: 'http://modrinth.example/v2',
			}).project(cobblemon.id),
		).rejects.toThrow(/https:\/\/ except on loopback/);
		expect(fake.requests).toEqual([]);
	});

	it('searches with modpack facets, by downloads for an empty query, at most 50', async () => {
		const source = createModrinthSource(config());
		await source.search({ query: '', loader: 'fabric', gameVersion: '1.21.1', limit: 80 });
		await source.search({ query: ' prominence ' });
		const [empty, named] = fake.requests.map((request) => Object.fromEntries(request.query));
		expect(empty).toEqual({
			facets: '[["project_type:modpack"],["categories:fabric"],["versions:1.21.1"]]',
			index: 'downloads',
			limit: '50',
		});
		expect(named).toEqual({
			query: 'prominence',
			facets: '[["project_type:modpack"]]',
			index: 'relevance',
			limit: '20',
		});
	});

	it('asks for versions with JSON-array filters and no changelog, and checks them again', async () => {
		const source = createModrinthSource(config());
		const sop = bySlug('sop');
		await source.versions(sop.id, { loader: 'quilt', gameVersion: '1.20.1' });
		const asked = fake.requests.find((request) => request.path.endsWith('/version'))!;
		expect(Object.fromEntries(asked.query)).toEqual({
			loaders: '["quilt"]',
			game_versions: '["1.20.1"]',
			include_changelog: 'false',
		});
		// Modrinth answers every version when it cannot read a filter; the adapter still filters.
		const all = await (
			await fetch(`${fake.apiUrl}/project/${sop.id}/version?loaders=quilt`, {
				headers: { 'User-Agent': 'frostnode-tests/1.0 (ops@frostnode.example)' },
			})
		).json();
		expect(all).toHaveLength(2);
		fake.inject({
			match: (path) => path.endsWith('/version'),
			status: 200,
			body: all,
		});
		expect((await source.versions(sop.id, { loader: 'quilt' })).map((v) => v.id)).toEqual([
			sop.versions[1]!.id,
		]);
	});

	it('turns a 429 into a retryable error with Modrinth’s wait, and asks nothing until then', async () => {
		const source = createModrinthSource(config());
		fake.useUp();
		const error = await caught(source.search({ query: 'cobblemon' }));
		expect(error).toBeInstanceOf(ModpackUnavailableError);
		const unavailable = error as ModpackUnavailableError;
		expect(unavailable).toMatchObject({ status: 429, retryable: true });
		const answered = fake.requests.at(-1)!;
		expect(answered.path).toBe('/v2/search');
		expect(unavailable.retryAfterMs).toBeGreaterThan(0);
		expect(unavailable.retryAfterMs).toBeLessThanOrEqual(60_000);
		const asked = fake.requests.length;
		expect(await caught(source.project(cobblemon.id))).toMatchObject({
			retryable: true,
			status: undefined,
		});
		expect(fake.requests).toHaveLength(asked);
	});

	it('honours Retry-After over the reset header, and stops at a remaining count of 0', async () => {
		const source = createModrinthSource(config());
		fake.inject({
			status: 429,
			headers: { 'Retry-After': '7', 'X-Ratelimit-Reset': '2' },
			body: {
				error: 'ratelimit_error',
				description: 'rate limit exceeded; retry after 1500 milliseconds',
			},
		});
		expect(await caught(source.search({ query: '' }))).toMatchObject({ retryAfterMs: 7000 });
		// On a stopped clock, the wait is exactly the reset Modrinth gave.
		const other = createModrinthSource(config(), { budget: { now: () => 1_000_000 } });
		fake.inject({
			status: 200,
			headers: { 'X-Ratelimit-Remaining': '0', 'X-Ratelimit-Reset': '9' },
			body: { hits: [], offset: 0, limit: 20, total_hits: 0 },
		});
		expect(await other.search({ query: '' })).toEqual([]);
		const asked = fake.requests.length;
		expect(await caught(other.search({ query: '' }))).toMatchObject({ retryAfterMs: 9000 });
		expect(fake.requests).toHaveLength(asked);
	});

	it('keeps within its own budget of calls a minute without asking Modrinth', async () => {
		let now = 5_000_000;
		const source = createModrinthSource(config(), { budget: { max: 2, now: () => now } });
		await source.search({ query: 'a' });
		now += 20_000;
		await source.search({ query: 'b' });
		now += 10_000;
		const error = await caught(source.search({ query: 'c' }));
		expect(error).toBeInstanceOf(ModpackUnavailableError);
		// The first call leaves the minute 30 s from now.
		expect(error).toMatchObject({ retryable: true, retryAfterMs: 30_000 });
		expect(fake.requests).toHaveLength(2);
		now += 30_000;
		await source.search({ query: 'd' });
		expect(fake.requests).toHaveLength(3);
	});

	it('calls a 5xx or a lost connection unavailable, and a 403 not retryable', async () => {
		const source = createModrinthSource(config());
		fake.inject({ status: 502, body: '<html>Bad gateway</html>' });
		expect(await caught(source.search({ query: '' }))).toMatchObject({
			status: 502,
			retryable: true,
		});
		fake.inject({ status: 403, body: { error: 'auth_error', description: 'blocked' } });
		expect(await caught(source.search({ query: '' }))).toMatchObject({
			status: 403,
			retryable: false,
		});
		const closed = createModrinthSource(config({ apiUrl: 'http://127.0.0.1:9/v2' }));
		const error = await caught(closed.search({ query: '' }));
		expect(error).toBeInstanceOf(ModpackUnavailableError);
		expect(error).toMatchObject({ retryable: true });
	});

	it('reads a 404 as nothing there, whatever its body, and an answer off the API as unavailable', async () => {
		const source = createModrinthSource(config());
		fake.inject({ match: (path) => path.startsWith('/v2/project/'), status: 404 });
		expect(await source.project(cobblemon.id)).toBeNull();
		fake.inject({
			status: 404,
			headers: { 'Content-Type': 'text/html' },
			body: '<html>Not here</html>',
		});
		expect(await caught(source.resolve(cobblemon.id, cobblemon.versions[0]!.id))).toMatchObject({
			reason: 'not_found',
		});
		fake.inject({ status: 200, body: { id: cobblemon.id, title: 'Half a project' } });
		expect(await caught(source.project(cobblemon.id))).toMatchObject({
			name: 'ModpackUnavailableError',
			retryable: false,
		});
		fake.inject({ status: 400, body: { error: 'invalid_input', description: 'bad facet' } });
		const refused = await caught(source.search({ query: '' }));
		expect(refused).toBeInstanceOf(ModpackError);
		expect(refused).toMatchObject({
			status: 400,
			message: expect.stringContaining('invalid_input'),
		});
	});

	it('refuses a pack whose download does not match its hashes, or is too large to read', async () => {
		const source = createModrinthSource(config());
		const mismatch = await caught(source.resolve(broken.good.id, broken.good.versions[0]!.id));
		expect(mismatch).toBeInstanceOf(ModpackRefusedError);
		expect(mismatch).toMatchObject({
			reason: 'bad_pack',
			message: expect.stringMatching(/sha512 is [0-9a-f]+, Modrinth lists/),
		});
		expect(await caught(source.resolve(cobblemon.id, cobblemon.versions[1]!.id))).toMatchObject({
			reason: 'bad_pack',
			message: expect.stringContaining('larger than we read'),
		});
		fake.inject({ match: (path) => path.startsWith('/data/'), status: 404, body: 'Not Found' });
		expect(await caught(source.resolve(cobblemon.id, cobblemon.versions[0]!.id))).toMatchObject({
			reason: 'bad_pack',
			message: expect.stringContaining('missing'),
		});
	});

	it('never downloads a pack from a plain http address elsewhere', async () => {
		const source = createModrinthSource(config());
		const version = cobblemon.versions[0]!;
		const listed = (await (
			await fetch(`${fake.apiUrl}/version/${version.id}`, {
				headers: { 'User-Agent': 'frostnode-tests/1.0 (ops@frostnode.example)' },
			})
		).json()) as { files: { url: string }[] };
		listed.files[0]!.url = 'http://cdn.example/pack.mrpack';
		fake.inject({
			match: (path) => path === `/v2/version/${version.id}`,
			status: 200,
			body: listed,
		});
		expect(await caught(source.resolve(cobblemon.id, version.id))).toMatchObject({
			reason: 'bad_pack',
		});
		expect(fake.requests.some((r) => r.path.startsWith('/data/'))).toBe(false);
	});
});
