import { spawn, type ChildProcess } from 'node:child_process';

export interface SiteServer {
	url: string;
	child: ChildProcess;
}

/**
 * Starts the built site (Astro's Node server) and resolves once it answers. Its public origin is
 * PUBLIC_SITE_URL when given, else the address it listens on; its links and answers use only that.
 */
export async function serveSite(
	port = Number(process.env.PORT ?? 4321),
	env: NodeJS.ProcessEnv = {},
	/** Receives the server's log (JSON lines); without it the log is discarded. */
	onLog?: (chunk: string) => void,
): Promise<SiteServer> {
	const host = process.env.HOST ?? '127.0.0.1';
	const listening = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
	const url = env.PUBLIC_SITE_URL || process.env.PUBLIC_SITE_URL || listening;
	const child = spawn(process.execPath, ['server/site-server.ts'], {
		stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
		env: { ...process.env, HOST: host, PORT: String(port), ...env, PUBLIC_SITE_URL: url },
	});
	child.stdout?.on('data', (chunk: Buffer) => onLog?.(String(chunk)));
	for (let attempt = 0; attempt < 100; attempt++) {
		if (child.exitCode !== null) throw new Error(`The site server exited with ${child.exitCode}`);
		const ok = await fetch(listening).then(
			() => true,
			() => false,
		);
		if (ok) return { url, child };
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	child.kill();
	throw new Error(`The site server did not answer at ${listening}`);
}

/** Stops a site server and resolves once it has exited, so its port is free for the next one. */
export async function stopSite(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill();
	await exited;
}

if (import.meta.main) {
	const { url, child } = await serveSite();
	console.log(`Site: ${url}`);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
	child.on('exit', (code) => process.exit(code ?? 0));
}
