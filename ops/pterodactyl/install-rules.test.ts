import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from './install-shell.ts';

// The install script's rules, run in bash one function at a time: paths, the pack's index, its
// loader, NeoForge's versions, the previous install's files, the worlds, the start file.

const sha512 = 'a'.repeat(128);
const sha1 = 'b'.repeat(40);
const file = (path: string, extra: Record<string, unknown> = {}) => ({
	path,
	hashes: { sha1, sha512 },
	downloads: [`https://cdn.modrinth.com/data/x/${path}`],
	fileSize: 10,
	...extra,
});
const index = (extra: Record<string, unknown> = {}) =>
	JSON.stringify({
		formatVersion: 1,
		game: 'minecraft',
		versionId: '6.1.0',
		name: 'Pack',
		dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.9' },
		files: [],
		...extra,
	});

describe('the install script', () => {
	const box = sandbox();

	it.each([
		['mods/sodium-0.6.5.jar', 0],
		['config/with space.toml', 0],
		['-dash.txt', 0],
		['', 1],
		['/etc/passwd', 1],
		['../outside', 1],
		['mods/../../outside', 1],
		['mods/./x.jar', 1],
		['mods\\x.jar', 1],
		['C:/x.jar', 1],
		['mods/', 1],
		['mods//x.jar', 1],
		['config/CON', 1],
		['config/nul.txt', 1],
		['lpt3.log', 1],
		['.frostnode/pack-files.txt', 1],
		['mods/a\nb.jar', 1],
	])('judges %j safe (0) or not (1) as the .mrpack format does', (path, status) => {
		expect(box.run('safe_path "$P"', { P: path }).status).toBe(status);
	});

	it("lists a dedicated server's files: env absent or server not unsupported", () => {
		box.put(
			'index.json',
			index({
				files: [
					file('mods/both.jar'),
					file('mods/required.jar', { env: { client: 'required', server: 'required' } }),
					file('mods/optional.jar', { env: { client: 'required', server: 'optional' } }),
					file('mods/client-only.jar', { env: { client: 'required', server: 'unsupported' } }),
				],
			}),
		);
		const run = box.run('pack_files index.json');
		expect(run.status).toBe(0);
		expect(run.stdout.trim().split('\n')).toEqual(
			['both', 'required', 'optional'].map(
				(name) =>
					`mods/${name}.jar\t10\t${sha512}\thttps://cdn.modrinth.com/data/x/mods/${name}.jar`,
			),
		);
	});

	it.each([
		['a newer format', { formatVersion: 2 }, 'formatVersion is 2'],
		['another game', { game: 'terraria' }, 'not Minecraft'],
		['a file without sha512', { files: [file('a.jar', { hashes: { sha1 } })] }, 'no sha512'],
		['a file without sha1', { files: [file('a.jar', { hashes: { sha512 } })] }, 'no sha1'],
		['a plain-HTTP mirror', { files: [file('a.jar', { downloads: ['http://x/a'] })] }, 'HTTPS'],
		['no mirror', { files: [file('a.jar', { downloads: [] })] }, 'HTTPS'],
	])('refuses an index with %s', (_, extra, words) => {
		box.put('index.json', index(extra));
		const run = box.run('pack_files index.json');
		expect(run.status).not.toBe(0);
		expect(run.stderr).toContain(words);
	});

	it.each([
		[{ minecraft: '1.21.4', 'fabric-loader': '0.16.9' }, 0, 'fabric 0.16.9'],
		[{ minecraft: '1.21.1', neoforge: '21.1.77' }, 0, 'neoforge 21.1.77'],
		[{ minecraft: '1.20.1', forge: '47.3.0' }, 0, 'forge 47.3.0'],
		[{ minecraft: '1.20.1', 'quilt-loader': '0.27.1' }, 0, 'quilt 0.27.1'],
		[{ minecraft: '1.21.4' }, 5, 'names 0 loaders'],
		[{ minecraft: '1.21', forge: '1', 'fabric-loader': '2' }, 5, 'names 2 loaders'],
		[{ minecraft: '1.12.2', liteloader: '1' }, 5, 'liteloader, which is not supported'],
	])('reads exactly one supported loader from %j', (dependencies, status, words) => {
		box.put('index.json', index({ dependencies }));
		const run = box.run('pack_loader index.json');
		expect(run.status).toBe(status);
		expect(status ? run.stderr : run.stdout).toContain(words);
	});

	it.each([
		['1.21.1', '21.1.77', 'neoforge 21.1.77'],
		['1.21', '21.0.167', 'neoforge 21.0.167'],
		['1.20.4', '20.4.237', 'neoforge 20.4.237'],
		['1.20.1', '47.1.106', 'forge 1.20.1-47.1.106'],
		['1.20.1', '1.20.1-47.1.106', 'forge 1.20.1-47.1.106'],
		['26.1', '26.1.0.1-beta', 'neoforge 26.1.0.1-beta'],
		['1.21.1', '20.4.237', null],
		['1.21.4', '21.1.77', null],
	])('finds NeoForge for Minecraft %s, version %s', (mc, version, expected) => {
		const run = box.run('neoforge_artifact "$MC" "$V"', { MC: mc, V: version });
		expect(run.status).toBe(expected ? 0 : 1);
		if (expected) expect(run.stdout.trim()).toBe(expected);
		else expect(run.stderr).toContain(`NeoForge ${version} is not for Minecraft ${mc}`);
	});

	it.each([
		['1.21.4', 0],
		['1.17.1', 0],
		['1.16.5', 1],
		['1.12.2', 1],
		['26.1', 0],
	])('starts Forge for Minecraft %s from unix_args.txt (0) or a jar (1)', (mc, status) => {
		expect(box.run('forge_modern "$MC"', { MC: mc }).status).toBe(status);
	});

	it("removes the previous install's files and the worlds once per install id", () => {
		const { server } = box;
		const put = (path: string, content: string) => box.put(path, content);
		for (const path of ['mods/old.jar', 'config/old.toml', 'mods/mine.jar', 'w/level.dat'])
			put(path, 'x');
		put('world/level.dat', 'x');
		put('server.properties', 'motd=x\nlevel-name=w\n');
		put('.frostnode/pack-files.txt', 'mods/old.jar\nconfig/old.toml\n../../escape\n');
		const fresh = { FRESH_WORLD: '1', INSTALL_ID: 'one' };
		const first = box.run('prepare', fresh);
		expect(first.status).toBe(0);
		expect(first.stdout).toContain('Removed 2 files of the previous install');
		expect(first.stdout).toContain('Removed the world folder w (fresh world)');
		expect(existsSync(join(server, 'mods/old.jar'))).toBe(false);
		expect(existsSync(join(server, 'mods/mine.jar'))).toBe(true);
		// Not the level: kept.
		expect(existsSync(join(server, 'world/level.dat'))).toBe(true);
		expect(readFileSync(join(server, '.frostnode/pack-files.txt'), 'utf8')).toBe('');
		put('w/level.dat', 'played since');
		expect(box.run('prepare', fresh).stdout).toContain('Worlds kept');
		expect(box.run('prepare', { FRESH_WORLD: '0', INSTALL_ID: 'two' }).status).toBe(0);
		expect(existsSync(join(server, 'w/level.dat'))).toBe(true);
	});

	it('refuses to finish without a start file, or with one naming a missing jar', () => {
		const check = (setup: string) =>
			box.run(`rm -f .serverjar unix_args.txt; ${setup}; verify_start`);
		expect(check('true').stderr).toContain('Install failed: no start file was written');
		expect(check('echo gone.jar >.serverjar').status).toBe(1);
		expect(check('ln -s libraries/missing/unix_args.txt unix_args.txt').status).toBe(1);
		expect(check('echo x >paper.jar; echo paper.jar >.serverjar').stdout).toContain('paper.jar');
		const forge = check(
			'mkdir -p lib; echo a >lib/unix_args.txt; ln -s lib/unix_args.txt unix_args.txt',
		);
		expect(forge.stdout).toContain('Start file: unix_args.txt');
	});

	it('downloads a file from the next mirror when one fails the size or sha512', () => {
		const good = 'the real jar\n';
		const digest = box.run('printf %s "$C" | sha512sum | cut -d " " -f 1', { C: good });
		box.put('https://bad.example/a.jar', 'tampered\n');
		box.put('https://good.example/a.jar', good);
		const args = `mods/a.jar ${good.length} ${digest.stdout.trim()}`;
		const urls =
			'https://missing.example/a.jar https://bad.example/a.jar https://good.example/a.jar';
		expect(box.run(`download_file ${args} ${urls}`).status).toBe(0);
		expect(readFileSync(join(box.server, 'mods/a.jar'), 'utf8')).toBe(good);
		expect(box.run(`download_file mods/b.jar 9 ${sha512} https://bad.example/a.jar`).status).toBe(
			1,
		);
		expect(existsSync(join(box.server, 'mods/b.jar.part'))).toBe(false);
	});
});
