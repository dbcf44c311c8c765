import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the built site is made from: a change to any of these makes the build stale. `.env.local`
 * holds the backend URL and key that the static pages are built with.
 */
const sources = [
	'src',
	'content',
	'public',
	'astro.config.mjs',
	'tailwind.config.mjs',
	'package-lock.json',
	'.env.local',
];
export const serverEntry = 'dist/server/entry.mjs';

async function newestChange(path: string): Promise<number> {
	const info = await stat(path).catch(() => undefined);
	if (!info) return 0;
	if (!info.isDirectory()) return info.mtimeMs;
	const entries = await readdir(path);
	const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
	return Math.max(info.mtimeMs, ...times);
}

export async function buildIsStale(): Promise<boolean> {
	const built = await stat(serverEntry).catch(() => undefined);
	if (!built) return true;
	const changed = await Promise.all(sources.map(newestChange));
	return Math.max(...changed) > built.mtimeMs;
}

/**
 * Runs a command from node_modules/.bin. `quiet` keeps its output back unless it fails, so a
 * report (the bench) is not buried under build logs.
 */
export function run(
	command: string,
	args: string[],
	{ env = {}, quiet = false }: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(join('node_modules', '.bin', command), args, {
			stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
			env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
		});
		let output = '';
		child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('exit', (code) => {
			if (code === 0) return resolve();
			if (quiet) process.stderr.write(output);
			reject(new Error(`${command} exited with ${code}`));
		});
	});
}
