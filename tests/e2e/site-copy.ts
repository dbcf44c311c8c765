import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A throwaway copy of the site (sources and content, not the build or the installed packages), for
 * tests that change content and build it as an editor would. Its node_modules is a folder of links
 * to the checkout's packages, without Astro's and Vite's caches (node_modules/.astro holds the
 * content store): the copy's builds never touch the checkout's.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const skipped = new Set([
	'.git',
	'node_modules',
	'dist',
	'.astro',
	'.env',
	'.env.local',
	'supabase/.data',
	'test-results',
	'playwright-report',
	'bench-results',
	'reports',
	'.stryker-tmp',
]);
const caches = new Set(['.astro', '.vite', '.cache']);

export interface Run {
	code: number | null;
	/** stdout and stderr as they came. */
	output: string;
	stdout: string;
}

export interface SiteCopy {
	dir: string;
	/** Runs a command in the copy, with its node_modules/.bin first on the PATH as npm does. */
	run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Run>;
	/** `astro build` in the copy, for the site at `site`. */
	build(site: string): Promise<Run>;
	/** The copy's built site on its own server (server/site-server.ts), at `site`. */
	serve(site: string): Promise<() => Promise<void>>;
	remove(): Promise<void>;
}

export async function copySite(): Promise<SiteCopy> {
	const dir = await mkdtemp(join(tmpdir(), 'site-copy-'));
	await cp(root, dir, {
		recursive: true,
		filter: (source) => !skipped.has(relative(root, source)) && !source.endsWith('.log'),
	});
	await mkdir(join(dir, 'node_modules'));
	for (const entry of await readdir(join(root, 'node_modules')))
		if (!caches.has(entry))
			await symlink(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));

	const environment = (env: NodeJS.ProcessEnv) => ({
		...process.env,
		PATH: `${join(dir, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
		NO_COLOR: '1',
		FORCE_COLOR: '0',
		...env,
	});
	const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
		new Promise<Run>((resolve, reject) => {
			const child = spawn(command, args, { cwd: dir, env: environment(env) });
			let output = '';
			let stdout = '';
			child.stdout.on('data', (chunk: Buffer) => {
				output += String(chunk);
				stdout += String(chunk);
			});
			child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
			child.on('error', reject);
			child.on('close', (code) => resolve({ code, output, stdout }));
		});

	return {
		dir,
		run,
		build: (site) =>
			run(process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
				PUBLIC_SITE_URL: site,
			}),
		async serve(site) {
			const { port, hostname } = new URL(site);
			const child = spawn(process.execPath, ['server/site-server.ts'], {
				cwd: dir,
				env: environment({ HOST: hostname, PORT: port, PUBLIC_SITE_URL: site, LOG_LEVEL: 'warn' }),
				stdio: ['ignore', 'ignore', 'inherit'],
			});
			const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
			const stop = async () => {
				if (child.exitCode === null) child.kill('SIGTERM');
				await exited;
			};
			for (let attempt = 0; ; attempt++) {
				if (child.exitCode !== null)
					throw new Error(`The copy's server exited (${child.exitCode})`);
				if (
					await fetch(site).then(
						() => true,
						() => false,
					)
				)
					return stop;
				if (attempt === 200) {
					await stop();
					throw new Error(`The copy's server did not answer at ${site}`);
				}
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		},
		remove: () => rm(dir, { recursive: true, force: true }),
	};
}

/** A port nobody listens on now, for a server of the test's own. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() =>
				typeof address === 'object' && address
					? resolve(address.port)
					: reject(new Error('no port')),
			);
		});
	});
}
