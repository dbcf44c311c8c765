import { FROSTNODE_EGG } from './seed';
import type { FakeFile, FakeTree } from './node';
import type { FakeServer } from './state';

// What the Frostnode Minecraft egg's install script (ops/pterodactyl) leaves on the node, modelled
// from the server's variables (the fake has no Modrinth: a pack is known by what the shop sends):
// the previous install's files removed, the worlds once per INSTALL_ID with FRESH_WORLD=1, the
// start file (.serverjar naming a jar, or unix_args.txt), and the manifest. Like the real script,
// it refuses to report success without a start file: a NeoForge version for another Minecraft, or
// a pack without its loader, fails the install.

const MANIFEST = '.frostnode/pack-files.txt';
const INSTALL_ID = '.frostnode/install-id';

/** The start file's path and the loader's files, or null when the script could not make them. */
function startFiles(env: Record<string, unknown>): string[] | null {
	const text = (key: string) => (typeof env[key] === 'string' ? env[key] : '');
	const software = text('SOFTWARE');
	const pack = software === 'modrinth';
	const loader = pack ? text('MODPACK_LOADER') : software;
	const version = pack ? text('MODPACK_LOADER_VERSION') : 'latest';
	const mc = text('MC_VERSION');
	if (pack && !/^[0-9A-Za-z]{8}$/.test(text('MODRINTH_VERSION_ID'))) return null;
	const old = /^1\.(\d+)/.exec(mc);
	switch (loader) {
		case 'vanilla':
			return ['server.jar'];
		case 'paper':
			return [`paper-${mc}.jar`];
		case 'fabric':
			return ['fabric-server-launch.jar', 'server.jar'];
		case 'quilt':
			return ['quilt-server-launch.jar', 'server.jar'];
		case 'forge':
			return old && Number(old[1]) < 17
				? [`forge-${mc}-${version}.jar`]
				: [`libraries/net/minecraftforge/forge/${mc}-${version}/unix_args.txt`];
		case 'neoforge': {
			if (mc === '1.20.1') return [`libraries/net/neoforged/forge/1.20.1-${version}/unix_args.txt`];
			const want = old ? `${old[1]}.${/^1\.\d+\.(\d+)/.exec(mc)?.[1] ?? 0}.` : `${mc}.`;
			return version === 'latest' || version.startsWith(want)
				? [`libraries/net/neoforged/neoforge/${version}/unix_args.txt`]
				: null;
		}
		default:
			return null;
	}
}

function put(tree: FakeTree, path: string, data: string, now: number) {
	const parts = path.split('/');
	for (let i = 1; i < parts.length; i++)
		tree.set(parts.slice(0, i).join('/'), { kind: 'folder', data: Buffer.alloc(0), modified: now });
	tree.set(path, { kind: 'file', data: Buffer.from(data), modified: now } satisfies FakeFile);
}

function remove(tree: FakeTree, path: string) {
	for (const key of [...tree.keys()])
		if (key === path || key.startsWith(`${path}/`)) tree.delete(key);
}

/** Runs the egg's script on the server's files; the failure's words, or null when it succeeded. */
export function runInstall(server: FakeServer, now: number): string | null {
	if (server.egg !== FROSTNODE_EGG) return null;
	const tree = server.wings.files;
	const env = server.environment;
	const files = startFiles(env);
	if (!files) return `no start file for ${JSON.stringify(env)}`;
	for (const path of tree.get(MANIFEST)?.data.toString().split('\n') ?? [])
		if (path) remove(tree, path);
	for (const path of ['libraries', 'versions', 'unix_args.txt', '.serverjar']) remove(tree, path);
	const installId = typeof env.INSTALL_ID === 'string' ? env.INSTALL_ID : '';
	const last = tree.get(INSTALL_ID)?.data.toString() ?? '';
	if (String(env.FRESH_WORLD) === '1' && installId && installId !== last)
		for (const world of ['world', 'world_nether', 'world_the_end']) remove(tree, world);
	put(tree, INSTALL_ID, installId, now);
	for (const path of files) put(tree, path, 'jar', now);
	const [first] = files;
	if (first!.endsWith('unix_args.txt')) put(tree, 'unix_args.txt', 'args', now);
	else put(tree, '.serverjar', `${first}\n`, now);
	put(tree, MANIFEST, files.map((path) => `${path}\n`).join(''), now);
	return null;
}
