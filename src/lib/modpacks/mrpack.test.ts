import { describe, expect, it } from 'vitest';
import { planFromPack, type MrpackFile, type PackMeta } from './mrpack';

const sha1 = 'a'.repeat(40);
const sha512 = 'b'.repeat(128);
const file = (path: string, extra: Partial<MrpackFile> = {}): MrpackFile => ({
	path,
	hashes: { sha1, sha512 },
	downloads: [`https://cdn.modrinth.com/data/AANobbMI/versions/x/${path.split('/').at(-1)}`],
	fileSize: 1024,
	...extra,
});
const index = (overrides: Record<string, unknown> = {}) => ({
	formatVersion: 1,
	game: 'minecraft',
	versionId: '6.1.0',
	name: 'Test pack',
	files: [file('mods/lithium.jar')],
	dependencies: { minecraft: '1.21.1', 'fabric-loader': '0.16.5' },
	...overrides,
});
const meta: PackMeta = {
	projectId: 'AbCd1234',
	versionId: 'EfGh5678',
	name: 'Test pack',
	versionName: '6.1.0',
	recommendedRamGb: null,
	packUrl: 'https://cdn.modrinth.com/data/AbCd1234/versions/EfGh5678/pack.mrpack',
	downloadsRequired: true,
};
const plan = (raw: unknown, entries: string[] = []) => planFromPack(raw, entries, meta);

describe('planFromPack', () => {
	it('keeps the files a dedicated server needs, with their hashes and downloads', () => {
		const verdict = plan(
			index({
				files: [
					file('mods/lithium.jar'),
					file('mods/sodium.jar', { env: { client: 'required', server: 'unsupported' } }),
					file('mods/ferritecore.jar', { env: { client: 'required', server: 'optional' } }),
					file('./config//lithium.properties', { env: { server: 'required' } }),
				],
			}),
		);
		expect(verdict).toEqual({
			ok: true,
			plan: expect.objectContaining({
				projectId: 'AbCd1234',
				versionId: 'EfGh5678',
				loader: 'fabric',
				loaderVersion: '0.16.5',
				gameVersion: '1.21.1',
				packUrl: meta.packUrl,
			}),
		});
		if (!verdict.ok) return;
		expect(verdict.plan.files.map((f) => f.path)).toEqual([
			'mods/lithium.jar',
			'mods/ferritecore.jar',
			'config/lithium.properties',
		]);
		expect(verdict.plan.files[0]).toEqual({
			path: 'mods/lithium.jar',
			bytes: 1024,
			sha1,
			sha512,
			downloads: ['https://cdn.modrinth.com/data/AANobbMI/versions/x/lithium.jar'],
		});
	});

	it('maps each loader key to the loader and reads its version', () => {
		for (const [key, loader] of [
			['forge', 'forge'],
			['neoforge', 'neoforge'],
			['fabric-loader', 'fabric'],
			['quilt-loader', 'quilt'],
		] as const) {
			const verdict = plan(index({ dependencies: { minecraft: '1.20.1', [key]: '47.3.0' } }));
			expect(verdict.ok && [verdict.plan.loader, verdict.plan.loaderVersion]).toEqual([
				loader,
				'47.3.0',
			]);
		}
	});

	it('applies overrides, then server-overrides, never client-overrides, each path once', () => {
		const verdict = plan(index(), [
			'modrinth.index.json',
			'overrides/',
			'overrides/config/',
			'overrides/config/a.toml',
			'overrides/options.txt',
			'client-overrides/options.txt',
			'client-overrides/shaderpacks/bsl.zip',
			'server-overrides/server.properties',
			'server-overrides/config/a.toml',
		]);
		expect(verdict.ok && verdict.plan.overrides).toEqual([
			'config/a.toml',
			'options.txt',
			'server.properties',
		]);
	});

	it.each([
		['a file path that climbs out', index({ files: [file('../../escape.jar')] }), []],
		['an absolute file path', index({ files: [file('/etc/cron.d/x')] }), []],
		['a device name', index({ files: [file('mods/con.jar')] }), []],
		['an override that climbs out', index(), ['overrides/../../.ssh/authorized_keys']],
		['a server override with a backslash', index(), ['server-overrides/mods\\x.jar']],
		['a file without sha512', index({ files: [file('mods/a.jar', { hashes: { sha1 } })] }), []],
		[
			'a malformed sha1',
			index({ files: [file('mods/a.jar', { hashes: { sha1: 'xyz', sha512 } })] }),
			[],
		],
		[
			'a plain http download',
			index({ files: [file('mods/a.jar', { downloads: ['http://x/a'] })] }),
			[],
		],
		['no download at all', index({ files: [file('mods/a.jar', { downloads: [] })] }), []],
		['another format version', index({ formatVersion: 2 }), []],
		['another game', index({ game: 'minetest' }), []],
		['no Minecraft version', index({ dependencies: { 'fabric-loader': '0.16.5' } }), []],
		['no files and no overrides', index({ files: [] }), ['client-overrides/options.txt']],
		['an index that is not an object', 'modrinth', []],
	])('refuses %s as a bad pack', (_, raw, entries) => {
		expect(plan(raw, entries as string[])).toMatchObject({ ok: false, reason: 'bad_pack' });
	});

	it('checks files a server skips too, as Modrinth refuses the whole pack', () => {
		const clientOnly = file('../x.jar', { env: { client: 'required', server: 'unsupported' } });
		expect(plan(index({ files: [clientOnly] }))).toMatchObject({ reason: 'bad_pack' });
	});

	it.each([
		['no loader', { minecraft: '1.21.1' }],
		['two loaders', { minecraft: '1.21.1', forge: '47.3.0', 'fabric-loader': '0.16.5' }],
		['a loader we do not install', { minecraft: '1.12.2', liteloader: '1.12.2' }],
	])('refuses %s as an unsupported loader', (_, dependencies) => {
		expect(plan(index({ dependencies }))).toMatchObject({
			ok: false,
			reason: 'unsupported_loader',
		});
	});

	it('accepts a pack of overrides only, and files without downloads when none are required', () => {
		expect(plan(index({ files: [] }), ['overrides/config/a.toml']).ok).toBe(true);
		const stored = planFromPack(index({ files: [file('mods/a.jar', { downloads: [] })] }), [], {
			...meta,
			packUrl: null,
			downloadsRequired: false,
		});
		expect(stored.ok && stored.plan.files[0]!.downloads).toEqual([]);
	});
});
