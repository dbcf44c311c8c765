import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the built site is made from: a change to any of these makes the build stale. */
const sources = ['src', 'content', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'package-lock.json'];
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

/** Runs a command from node_modules/.bin with the current Node, inheriting the terminal. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(join('node_modules', '.bin', command), args, {
			stdio: 'inherit',
			env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
		});
		child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
	});
}
