import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
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
 * Runs a command from node_modules/.bin and answers its output. `quiet` keeps the output back
 * unless it fails, so a report (the bench) is not buried under build logs; `logFile` keeps it in
 * that file instead, failure included (npm start).
 */
export function run(
	command: string,
	args: string[],
	{
		env = {},
		quiet = false,
		logFile,
	}: { env?: NodeJS.ProcessEnv; quiet?: boolean; logFile?: string } = {},
): Promise<string> {
	return new Promise((resolve, reject) => {
		const captured = quiet || logFile !== undefined;
		const log = logFile === undefined ? undefined : createWriteStream(logFile);
		const child = spawn(join('node_modules', '.bin', command), args, {
			stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
			env: {
				...process.env,
				ASTRO_TELEMETRY_DISABLED: '1',
				...(log ? { NO_COLOR: '1' } : {}),
				...env,
			},
		});
		let output = '';
		for (const stream of [child.stdout, child.stderr])
			stream?.on('data', (chunk: Buffer) => {
				output += chunk.toString();
				log?.write(chunk);
			});
		child.on('exit', (code) => {
			log?.end();
			if (code === 0) return resolve(output);
			if (quiet && !log) process.stderr.write(output);
			reject(new Error(`${command} exited with ${code}${logFile ? `; see ${logFile}` : ''}`));
		});
	});
}
