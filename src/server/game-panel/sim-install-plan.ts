import type { ModpackLoader } from '../../lib/domain/minecraft-software';
import type { SoftwareInstall } from '../../lib/modpacks/plan';

// What the installer egg (ops/pterodactyl) would do for an install, for the simulated panel: the
// lines it prints, the files it leaves (each a small placeholder naming what the real one would
// be, not its size), its start file, or why it fails. Pure: sim-install.ts applies it.

export interface SimInstallPlan {
	/** The install log, in order; the last is "Install completed" or "Install failed: …". */
	lines: string[];
	/** Paths from the server's root (`mods/sodium.jar`) and their placeholder contents. */
	files: Map<string, string>;
	failure: string | null;
}

const LOADER_NAMES: Record<ModpackLoader | 'vanilla' | 'paper', string> = {
	vanilla: 'Vanilla',
	paper: 'Paper',
	fabric: 'Fabric',
	quilt: 'Quilt',
	forge: 'Forge',
	neoforge: 'NeoForge',
};

/**
 * NeoForge's artifact and version for a Minecraft version, as the egg checks it: 1.20.1 is the
 * old `forge` artifact; later ones are numbered by Minecraft's minor and patch (21.1.77 for 1.21.1).
 */
export function neoforgeArtifact(minecraft: string, version: string) {
	if (minecraft === '1.20.1')
		return { artifact: 'forge', version: `1.20.1-${version.replace(/^1\.20\.1-/, '')}` };
	const numbered = /^1\.(\d+)(?:\.(\d+))?$/.exec(minecraft);
	const want = numbered ? `${numbered[1]}.${numbered[2] ?? 0}.` : `${minecraft}.`;
	return version === 'latest' || version.startsWith(want)
		? { artifact: 'neoforge', version }
		: null;
}

const forgeModern = (mc: string) => !/^1\.(\d+)/.test(mc) || Number(/^1\.(\d+)/.exec(mc)![1]) >= 17;
const jar = (what: string) => `Frostnode simulated ${what}\n`;

/** The loader's files and its start file, or why it cannot be installed. */
function loaderFiles(loader: ModpackLoader, mc: string, version: string) {
	const files = new Map<string, string>();
	const fromArgs = (library: string) => {
		files.set(`${library}/unix_args.txt`, jar(`${loader} ${version} start arguments`));
		const [artifact, folder] = library.split('/').slice(-2);
		files.set(`${library}/${artifact}-${folder}-server.jar`, jar(`${loader} server`));
		files.set('unix_args.txt', jar(`${loader} ${version} start arguments`));
		files.set('user_jvm_args.txt', '# JVM arguments for the server\n');
	};
	const fromJar = (name: string, also: string[] = []) => {
		for (const path of [name, ...also]) files.set(path, jar(path));
		files.set('.serverjar', `${name}\n`);
	};
	if (loader === 'fabric') fromJar('fabric-server-launch.jar', ['server.jar']);
	else if (loader === 'quilt') fromJar('quilt-server-launch.jar', ['server.jar']);
	else if (loader === 'forge' && forgeModern(mc))
		fromArgs(`libraries/net/minecraftforge/forge/${mc}-${version}`);
	else if (loader === 'forge') fromJar(`forge-${mc}-${version}.jar`);
	else {
		const neoforge = neoforgeArtifact(mc, version);
		if (!neoforge) return { files, failure: `NeoForge ${version} is not for Minecraft ${mc}` };
		fromArgs(`libraries/net/neoforged/${neoforge.artifact}/${neoforge.version}`);
	}
	return { files, failure: null };
}

function softwarePlan(install: Extract<SoftwareInstall, { kind: 'software' }>) {
	const { software, minecraftVersion: mc } = install;
	const title = `${LOADER_NAMES[software]} ${mc}`;
	if (software !== 'vanilla' && software !== 'paper') {
		const loader = loaderFiles(software, mc, 'latest');
		return finish([`Installing ${title}`, `Downloading ${title} (newest loader)`], loader);
	}
	const name = software === 'vanilla' ? 'server.jar' : `paper-${mc}.jar`;
	const files = new Map([
		[name, jar(title)],
		['.serverjar', `${name}\n`],
	]);
	return finish([`Installing ${title}`, `Downloading ${name}`], { files, failure: null });
}

/**
 * The plan for an install; `safe` says whether a pack's path may be written (the egg refuses the
 * whole pack otherwise, before it changes anything).
 */
export function simInstallPlan(
	install: SoftwareInstall,
	safe: (path: string) => boolean,
): SimInstallPlan {
	if (install.kind === 'software') return softwarePlan(install);
	const { plan } = install;
	const lookup = `Looking up Modrinth version ${plan.versionId}`;
	const unsafe = [...plan.files.map((f) => f.path), ...plan.overrides].find(
		(path) => path.split('/')[0] === '.frostnode' || !safe(path),
	);
	if (unsafe) return finish([lookup], fail(`the pack's file ${unsafe} is not a safe path`));
	const loader = loaderFiles(plan.loader, plan.gameVersion, plan.loaderVersion);
	if (loader.failure) return finish([lookup], loader);
	const lines = [
		lookup,
		`Installing ${plan.name} ${plan.versionName} (${plan.loader} ${plan.loaderVersion}, Minecraft ${plan.gameVersion})`,
	];
	const files = new Map<string, string>();
	for (const file of plan.files) {
		lines.push(`Downloading ${file.path}`);
		files.set(file.path, `Frostnode simulated file ${file.path}\nsha1 ${file.sha1}\n`);
	}
	for (const path of plan.overrides) files.set(path, `Frostnode simulated override ${path}\n`);
	if (plan.overrides.length) lines.push(`Applied ${plan.overrides.length} override files`);
	lines.push(`Installing ${LOADER_NAMES[plan.loader]} ${plan.loaderVersion}`);
	for (const [path, content] of loader.files) files.set(path, content);
	return finish(lines, { files, failure: null });
}

const fail = (failure: string) => ({ files: new Map<string, string>(), failure });

function finish(lines: string[], result: { files: Map<string, string>; failure: string | null }) {
	const { files, failure } = result;
	if (failure)
		return { lines: [...lines, `Install failed: ${failure}`], files: new Map(), failure };
	const start = files.has('unix_args.txt') ? 'unix_args.txt' : files.get('.serverjar')?.trim();
	return { lines: [...lines, `Start file: ${start}`, 'Install completed'], files, failure };
}
