import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModpackPlan } from '../../../src/lib/modpacks/plan.ts';
import { ModpackRefusedError, type ModpackRefusal } from '../../../src/server/modpacks/errors.ts';
import type { ModpackSource } from '../../../src/server/modpacks/types.ts';
import { broken, bySlug, shippedCatalogue } from './catalogue.ts';

// One contract for every modpack source, run on the same catalogue: the embedded source over it,
// and the Modrinth adapter over the fake Modrinth serving it. Where the two differ by design the
// target says so: Modrinth publishes no recommended RAM, and only its packs have download URLs.

export interface Target {
	source: ModpackSource;
	kind: ModpackSource['kind'];
	/** Whether the source knows each pack's recommended RAM (the catalogue does, Modrinth not). */
	knowsRam: boolean;
	close(): Promise<void>;
}

const refusal = async (promise: Promise<unknown>): Promise<ModpackRefusal | 'resolved'> => {
	try {
		await promise;
		return 'resolved';
	} catch (error) {
		if (error instanceof ModpackRefusedError) return error.reason;
		throw error;
	}
};

export function modpackContract(name: string, start: () => Promise<Target>) {
	describe(`the modpack source: ${name}`, () => {
		let target: Target;
		let source: ModpackSource;
		beforeAll(async () => {
			target = await start();
			source = target.source;
		});
		afterAll(() => target.close());

		const cobblemon = bySlug('cobblemon-fabric');
		const sop = bySlug('sop');
		const atm9 = bySlug('all-the-mods-9');

		it('names its kind', () => expect(source.kind).toBe(target.kind));

		it('finds packs by name, summary or author, in any case, with what the search lists', async () => {
			const found = await source.search({ query: 'COBBLEMON' });
			expect(found.map((pack) => pack.name)).toEqual(
				expect.arrayContaining([cobblemon.name, bySlug('cobbleverse').name]),
			);
			expect(found.find((pack) => pack.id === cobblemon.id)).toEqual({
				id: cobblemon.id,
				name: cobblemon.name,
				author: cobblemon.author,
				summary: cobblemon.summary,
				icon: null,
				downloads: cobblemon.downloads,
				loaders: ['fabric'],
				gameVersions: ['1.21.1', '1.20.1'],
			});
			expect((await source.search({ query: 'ATMTeam' })).map((p) => p.id).sort()).toEqual(
				[atm9.id, bySlug('all-the-mods-10').id].sort(),
			);
			expect(await source.search({ query: 'no pack is called this' })).toEqual([]);
		});

		it('filters by loader and game version, and never lists a mod', async () => {
			const ids = async (search: Parameters<ModpackSource['search']>[0]) =>
				(await source.search({ limit: 50, ...search })).map((pack) => pack.id).sort();
			expect(await ids({ query: '', loader: 'neoforge' })).toEqual(
				[bySlug('better-mc-neoforge-bmc5').id, bySlug('all-the-mods-10').id].sort(),
			);
			expect(await ids({ query: '', loader: 'quilt' })).toEqual(
				[sop.id, bySlug('additive').id, broken.twoLoaders.id].sort(),
			);
			expect(await ids({ query: '', loader: 'forge' })).toEqual([atm9.id]);
			expect(await ids({ query: '', gameVersion: '1.18.2' })).toEqual([bySlug('create-astral').id]);
			expect(await ids({ query: 'optimized', loader: 'quilt', gameVersion: '1.20.1' })).toEqual([
				sop.id,
			]);
			expect(await ids({ query: '', gameVersion: '1.20.1"],["project_type:mod' })).toEqual([]);
			expect(await ids({ query: 'sodium' })).toEqual([]);
		});

		it('lists the most downloaded packs for an empty query, up to the limit', async () => {
			const popular = await source.search({ query: '', limit: 50 });
			const downloads = popular.map((pack) => pack.downloads);
			expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
			expect(popular[0]!.id).toBe(bySlug('fabulously-optimized').id);
			expect(popular.some((pack) => pack.id === bySlug('sodium').id)).toBe(false);
			expect(await source.search({ query: '', limit: 3 })).toEqual(popular.slice(0, 3));
			expect(await source.search({ query: '' })).toHaveLength(Math.min(20, popular.length));
		});

		it('gives a modpack as the search does, and null for a mod or an unknown id', async () => {
			const [listed] = await source.search({ query: 'Prominence' });
			expect(await source.project(bySlug('prominence-2-fabric').id)).toEqual(listed);
			expect(await source.project(bySlug('sodium').id)).toBeNull();
			expect(await source.project('ZZZZZZZZ')).toBeNull();
			expect(await source.project('../../v1')).toBeNull();
		});

		it('lists a pack’s versions newest first, filtered by loader and game version', async () => {
			const versions = await source.versions(atm9.id, {});
			expect(versions).toEqual(
				atm9.versions.map((version) => ({
					id: version.id,
					name: version.name,
					gameVersion: '1.20.1',
					loader: 'forge',
					recommendedRamGb: target.knowsRam ? 10 : null,
					serverPack: true,
					publishedAt: new Date(version.publishedAt).toISOString(),
				})),
			);
			expect((await source.versions(sop.id, { loader: 'quilt' })).map((v) => v.id)).toEqual([
				sop.versions[1]!.id,
			]);
			expect(
				(await source.versions(sop.id, { gameVersion: '1.21.1' })).map((v) => v.loader),
			).toEqual(['fabric']);
			expect(await source.versions(sop.id, { loader: 'forge' })).toEqual([]);
			const client = await source.versions(bySlug('fabulously-optimized').id, {});
			expect(client.map((v) => v.serverPack)).toEqual([false, false]);
		});

		it('shows the loader asked for when a version is listed under several', async () => {
			const id = broken.twoLoaders.id;
			expect((await source.versions(id, {}))[0]!.loader).toBe('fabric');
			expect((await source.versions(id, { loader: 'quilt' }))[0]!.loader).toBe('quilt');
		});

		it('refuses the versions of a mod and of an unknown project', async () => {
			expect(await refusal(source.versions(bySlug('sodium').id, {}))).toBe('not_modpack');
			expect(await refusal(source.versions('ZZZZZZZZ', {}))).toBe('not_found');
		});

		it('resolves every pack of every loader into a plan of server files and overrides', async () => {
			const version = cobblemon.versions[0]!;
			const plan = await source.resolve(cobblemon.id, version.id);
			expect(plan).toMatchObject({
				projectId: cobblemon.id,
				versionId: version.id,
				name: cobblemon.name,
				versionName: '1.6.1',
				loader: 'fabric',
				loaderVersion: '0.16.10',
				gameVersion: '1.21.1',
				recommendedRamGb: target.knowsRam ? 6 : null,
				packUrl: target.kind === 'modrinth' ? expect.stringContaining('.mrpack') : null,
				overrides: ['config/cobblemon/main.json', 'resourcepacks/cobblemon-ui.zip'],
			});
			const paths = plan.files.map((file) => file.path);
			expect(paths).toContain('mods/Cobblemon-fabric-1.6.1+1.21.1.jar');
			expect(paths).toContain('mods/JustEnoughItems-fabric-1.21.1-19.21.0.247.jar');
			expect(paths).toContain('mods/jade-15.9.2+fabric.jar');
			expect(paths.some((path) => /sodium|xaeros/.test(path))).toBe(false);
			const loaders = new Set<ModpackPlan['loader']>();
			for (const project of shippedCatalogue.filter(
				(p) => p.type === 'modpack' && p.serverSide !== 'unsupported',
			))
				for (const v of project.versions)
					loaders.add((await source.resolve(project.id, v.id)).loader);
			expect([...loaders].sort()).toEqual(['fabric', 'forge', 'neoforge', 'quilt']);
		});

		it.each([
			['an unknown project', 'ZZZZZZZZ', 'ZZZZZZZZ', 'not_found'],
			['an unknown version', cobblemon.id, 'ZZZZZZZZ', 'not_found'],
			['another project’s version', cobblemon.id, atm9.versions[0]!.id, 'not_found'],
			['a malformed id', '../x', cobblemon.versions[0]!.id, 'not_found'],
			['a mod', bySlug('sodium').id, bySlug('sodium').versions[0]!.id, 'not_modpack'],
			['a pack for clients only', '1KVo5zza', 'NyiXTqoa', 'no_server_pack'],
			['a version without a .mrpack', broken.noServerPack.id, 'NoSPVer1', 'no_server_pack'],
			[
				'a version on a loader we do not install',
				broken.otherLoader.id,
				'LiteVer1',
				'unsupported_loader',
			],
			['a pack that names no loader', broken.noLoaderInPack.id, 'NoLoVer1', 'unsupported_loader'],
			['a file path that climbs out of the server', broken.escapingFile.id, 'EscFVer1', 'bad_pack'],
			['an override that climbs out', broken.escapingOverride.id, 'EscOVer1', 'bad_pack'],
			['a file without its sha512', broken.missingHash.id, 'NoHaVer1', 'bad_pack'],
			['a file whose sha1 is not one', broken.malformedHash.id, 'BadHVer1', 'bad_pack'],
		] as const)('refuses to resolve %s', async (_, projectId, versionId, reason) => {
			expect(await refusal(source.resolve(projectId, versionId))).toBe(reason);
		});
	});
}
