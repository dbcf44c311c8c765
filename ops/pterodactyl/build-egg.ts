/**
 * `npm run egg:build`: puts frostnode-minecraft-install.sh (the file people edit
 * and test) into egg-frostnode-minecraft.json (the file the panel imports) as its install script,
 * formatted with the project's Prettier settings. `--check` only says whether the egg is stale;
 * egg.test.ts fails when it is, so the two never drift apart.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

export const EGG_FILE = fileURLToPath(new URL('./egg-frostnode-minecraft.json', import.meta.url));
export const SCRIPT_FILE = fileURLToPath(
	new URL('./frostnode-minecraft-install.sh', import.meta.url),
);

/** The egg as it should be: the committed JSON with the script of the .sh file. */
export async function builtEgg(): Promise<string> {
	const egg = JSON.parse(await readFile(EGG_FILE, 'utf8')) as {
		scripts: { installation: { script: string } };
	};
	egg.scripts.installation.script = await readFile(SCRIPT_FILE, 'utf8');
	const options = await resolveConfig(EGG_FILE);
	return format(JSON.stringify(egg, null, '\t'), { ...options, filepath: EGG_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const built = await builtEgg();
	const current = await readFile(EGG_FILE, 'utf8');
	if (process.argv.includes('--check')) {
		console.log(built === current ? 'The egg is up to date.' : 'The egg is stale: run the build.');
		process.exitCode = built === current ? 0 : 1;
	} else if (built !== current) {
		await writeFile(EGG_FILE, built);
		console.log(`Wrote ${EGG_FILE}`);
	}
}
