import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from './install-shell.ts';

// The whole install script (`main`) against a fake Modrinth, Mojang and loaders: real `.mrpack`
// zips, real hashes, the installers replaced by stand-ins that write what the real ones leave.

const API = 'https://api.modrinth.com/v2';
const hash = (algorithm: string, data: string) => createHash(algorithm).update(data).digest('hex');

interface Pack {
	project: string;
	version: string;
	type?: string;
	dependencies: Record<string, string>;
	files: { path: string; content: string; server?: string; mirrorBroken?: boolean }[];
	zip: Record<string, string>;
}

function publish(box: Sandbox, pack: Pack) {
	const stage = mkdtempSync(join(tmpdir(), 'frostnode-mrpack-'));
	const index = {
		formatVersion: 1,
		game: 'minecraft',
		versionId: pack.version,
		name: 'Frost Pack',
		dependencies: pack.dependencies,
		files: pack.files.map((f) => {
			const url = `https://cdn.modrinth.com/data/${pack.project}/${f.path}`;
			box.put(url, f.content);
			return {
				path: f.path,
				hashes: { sha1: hash('sha1', f.content), sha512: hash('sha512', f.content) },
				env: f.server ? { client: 'required', server: f.server } : undefined,
				downloads: [...(f.mirrorBroken ? ['https://down.example/x'] : []), url],
				fileSize: Buffer.byteLength(f.content),
			};
		}),
	};
	for (const [path, content] of Object.entries({
		'modrinth.index.json': JSON.stringify(index),
		...pack.zip,
	})) {
		mkdirSync(dirname(join(stage, path)), { recursive: true });
		writeFileSync(join(stage, path), content);
	}
	const zip = join(stage, 'pack.mrpack');
	execFileSync('zip', ['-qr', zip, '.'], { cwd: stage });
	const bytes = readFileSync(zip);
	const url = `https://cdn.modrinth.com/data/${pack.project}/versions/${pack.version}/pack.mrpack`;
	box.put(url, bytes);
	const sha512 = createHash('sha512').update(bytes).digest('hex');
	box.put(
		`${API}/version/${pack.version}`,
		JSON.stringify({
			id: pack.version,
			project_id: pack.project,
			version_number: '6.1.0',
			files: [
				{ url, filename: 'pack.mrpack', primary: true, size: bytes.length, hashes: { sha512 } },
			],
		}),
	);
	box.put(
		`${API}/project/${pack.project}`,
		JSON.stringify({ id: pack.project, title: 'Frost Pack', project_type: pack.type ?? 'modpack' }),
	);
}

const fabricPack: Pack = {
	project: 'PROJfab1',
	version: 'VERSfab1',
	dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.9' },
	files: [
		{ path: 'mods/lithium.jar', content: 'lithium' },
		{ path: 'mods/sodium.jar', content: 'sodium', server: 'unsupported' },
		{ path: 'config/optional.txt', content: 'optional', server: 'optional', mirrorBroken: true },
	],
	zip: {
		'overrides/config/shared.toml': 'from overrides',
		'server-overrides/config/shared.toml': 'from server-overrides',
		'client-overrides/options.txt': 'client only',
	},
};

const neoforgePack = (loader: string): Pack => ({
	project: 'PROJneo1',
	version: 'VERSneo1',
	dependencies: { minecraft: '1.21.1', neoforge: loader },
	files: [{ path: 'mods/create.jar', content: 'create' }],
	zip: {},
});

describe('installing with the egg script', () => {
	let box: Sandbox;
	const file = (path: string) => join(box.server, path);
	const text = (path: string) => readFileSync(file(path), 'utf8');
	const install = (env: Record<string, string>, extra: Record<string, string> = {}) =>
		box.run('main', { FRESH_WORLD: '0', INSTALL_ID: 'one', ...env, ...extra });
	const modpack = (pack: Pack, extra: Record<string, string> = {}) =>
		install(
			{
				SOFTWARE: 'modrinth',
				MODRINTH_PROJECT_ID: pack.project,
				MODRINTH_VERSION_ID: pack.version,
			},
			extra,
		);

	beforeEach(() => {
		box = sandbox();
		// The loaders' installers (the stand-in for java writes what they would).
		const fabricInstaller = 'https://maven.fabricmc.net/fabric-installer-1.0.1.jar';
		box.put(
			'https://meta.fabricmc.net/v2/versions/installer',
			JSON.stringify([{ url: fabricInstaller, stable: true }]),
		);
		box.put(fabricInstaller, 'installer');
		box.put(
			'https://maven.neoforged.net/releases/net/neoforged/neoforge/21.1.77/neoforge-21.1.77-installer.jar',
			'installer',
		);
		box.put('world/level.dat', 'my world');
		box.put('mods/mine.jar', "the customer's own");
	});

	it("installs a pack's server files, then overrides and server-overrides, and its loader", () => {
		publish(box, fabricPack);
		const run = modpack(fabricPack, { MC_VERSION: '1.21.4', MODPACK_LOADER: 'fabric' });
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('Installing Frost Pack 6.1.0 (fabric 0.16.9, Minecraft 1.21.4)');
		expect(run.stdout).toContain('Downloading mods/lithium.jar');
		expect(run.stdout.trim().split('\n').at(-1)).toBe('Install completed');
		expect(text('mods/lithium.jar')).toBe('lithium');
		expect(text('config/optional.txt')).toBe('optional');
		expect(existsSync(file('mods/sodium.jar'))).toBe(false);
		expect(text('config/shared.toml')).toBe('from server-overrides');
		expect(existsSync(file('options.txt'))).toBe(false);
		expect(text('.serverjar').trim()).toBe('fabric-server-launch.jar');
		expect(text('world/level.dat')).toBe('my world');
		expect(text('.frostnode/pack-files.txt').split('\n')).toEqual(
			expect.arrayContaining([
				'mods/lithium.jar',
				'config/shared.toml',
				'fabric-server-launch.jar',
			]),
		);
	});

	it("replaces the first pack's files with the second's, keeping the customer's, fresh world once", () => {
		publish(box, fabricPack);
		expect(modpack(fabricPack).status).toBe(0);
		publish(box, neoforgePack('21.1.77'));
		const args = 'libraries/net/neoforged/neoforge/21.1.77/unix_args.txt';
		const run = modpack(neoforgePack('21.1.77'), {
			FRESH_WORLD: '1',
			INSTALL_ID: 'two',
			JAVA_WRITES: args,
		});
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('Start file: unix_args.txt');
		expect(existsSync(file('mods/lithium.jar'))).toBe(false);
		expect(existsSync(file('.serverjar'))).toBe(false);
		expect(text('mods/create.jar')).toBe('create');
		expect(text('mods/mine.jar')).toBe("the customer's own");
		expect(existsSync(file('world'))).toBe(false);
	});

	it.each([
		[
			'a mod instead of a modpack',
			{ ...fabricPack, type: 'mod' },
			{},
			'Frost Pack is a mod, not a modpack',
		],
		[
			'a NeoForge for another Minecraft',
			neoforgePack('20.4.237'),
			{},
			"the pack's NeoForge does not match",
		],
		[
			'a loader other than expected',
			fabricPack,
			{ MODPACK_LOADER: 'quilt' },
			'the pack runs on fabric, not quilt',
		],
		[
			'a path outside the server',
			{ ...fabricPack, files: [{ path: '../escape.jar', content: 'x' }] },
			{},
			"the pack's file ../escape.jar is not a safe path",
		],
		[
			'a version of another project',
			fabricPack,
			{ MODRINTH_PROJECT_ID: 'PROJneo1' },
			'version VERSfab1 is not a version of project PROJneo1',
		],
	])('refuses %s and changes nothing', (_, pack, extra, words) => {
		publish(box, pack);
		const run = modpack(pack, extra);
		expect(run.status).toBe(1);
		expect(run.stderr).toContain(`Install failed: ${words}`);
		expect(text('world/level.dat')).toBe('my world');
		expect(existsSync(file('.frostnode/pack-files.txt'))).toBe(false);
	});

	it('fails when the loader leaves no start file, or its installer fails', () => {
		publish(box, neoforgePack('21.1.77'));
		const nothing = modpack(neoforgePack('21.1.77'));
		expect(nothing.status).toBe(1);
		expect(nothing.stderr).toContain('Install failed: no start file was written');
		expect(nothing.stdout).not.toContain('Install completed');
		publish(box, fabricPack);
		const broken = modpack(fabricPack, { JAVA_FAILS: '1' });
		expect(broken.stderr).toContain('Install failed: the fabric installer failed');
	});

	it('installs plain Vanilla, checking the jar against Mojang’s sha1', () => {
		const meta = 'https://piston-meta.mojang.com/v1/packages/x/1.21.4.json';
		const jar = 'https://piston-data.mojang.com/v1/objects/x/server.jar';
		box.put(
			'https://piston-meta.mojang.com/mc/game/version_manifest_v2.json',
			JSON.stringify({ latest: { release: '1.21.4' }, versions: [{ id: '1.21.4', url: meta }] }),
		);
		box.put(
			meta,
			JSON.stringify({ downloads: { server: { url: jar, sha1: hash('sha1', 'mc') } } }),
		);
		box.put(jar, 'mc');
		const run = install({ SOFTWARE: 'vanilla', MC_VERSION: 'latest' });
		expect(run.stdout).toContain('Installing Vanilla 1.21.4');
		expect(run.status).toBe(0);
		expect(text('.serverjar').trim()).toBe('server.jar');
		box.put(jar, 'tampered');
		expect(install({ SOFTWARE: 'vanilla', MC_VERSION: '1.21.4' }).stderr).toContain(
			"server.jar's sha1 is wrong",
		);
		expect(install({ SOFTWARE: 'vanilla', MC_VERSION: '9.9' }).stderr).toContain(
			'Minecraft 9.9 does not exist',
		);
	});
});
