import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend, type Backend } from '../local-backend.ts';
import { serveSite } from '../serve.ts';
import { freePorts } from './ports.ts';

// One deployment in miniature: one local backend (in memory, free ports) and two built site
// servers with the same settings, as two instances behind a load balancer would have. Ports are
// free ones, never the fixed ports of `npm start`, the browser tests or the bench.

export const siteEntry = new URL('../../dist/server/entry.mjs', import.meta.url);

export interface SiteNode {
	name: 'A' | 'B';
	origin: string;
	/** This process's simulated game panel, kept in a file so its servers can be counted after. */
	simFile: string;
	child: ChildProcess;
	/** What the server logged (JSON lines), for following an order through both. */
	log: string[];
}

export interface Cluster {
	backend: Backend;
	sites: [SiteNode, SiteNode];
	secrets: { testGateway: string; cron: string };
	mailboxUrl: string;
	stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
	new Promise<void>((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve();
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			resolve();
		}, 5_000);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill('SIGTERM');
	});

export async function startCluster(): Promise<Cluster> {
	if (!existsSync(siteEntry))
		throw new Error('dist/server/entry.mjs is missing: run npm run build first');
	const [portA, portB] = (await freePorts(2)) as [number, number];
	const backend = await startBackend({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		siteUrl: `http://127.0.0.1:${portA}`,
		rateLimits: { signInsSignUpsPerIp: 1000 },
	});
	if (!backend.stack)
		throw new Error('Unset PUBLIC_SUPABASE_URL: this scenario runs the local stack');
	const secrets = {
		testGateway: `two-servers-gateway-${randomBytes(16).toString('hex')}`,
		cron: `two-servers-cron-${randomBytes(16).toString('hex')}`,
	};
	// The same settings for both, but each server is its own public origin (its loopback address),
	// which is what the browser's Origin names and where its links point.
	const shared = {
		...backend.env,
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		PTERODACTYL_URL: '',
		GAME_PANEL_SIM_DELAY_MS: '0',
		PROVISIONING_POLL_MS: '5',
		PROVISIONING_RETRY_MS: '20',
		TEST_GATEWAY_SECRET: secrets.testGateway,
		CRON_SECRET: secrets.cron,
		LOG_LEVEL: 'info', // the test follows an order through these lines
	};
	const folder = await mkdtemp(join(tmpdir(), 'two-servers-'));
	const sites: SiteNode[] = [];
	try {
		for (const [name, port] of [
			['A', portA],
			['B', portB],
		] as const) {
			const simFile = join(folder, `game-panel-${name}.json`);
			const log: string[] = [];
			const { url, child } = await serveSite(
				port,
				{ ...shared, GAME_PANEL_SIM_FILE: simFile, PUBLIC_SITE_URL: `http://127.0.0.1:${port}` },
				(chunk) => log.push(chunk),
			);
			sites.push({ name, origin: url, simFile, child, log });
		}
	} catch (error) {
		await Promise.all(sites.map((site) => exited(site.child)));
		await backend.stack?.stop();
		throw error;
	}
	return {
		backend,
		sites: sites as [SiteNode, SiteNode],
		secrets,
		mailboxUrl: backend.stack.mailboxUrl,
		async stop() {
			await Promise.all(sites.map((site) => exited(site.child)));
			await backend.stack?.stop();
			await rm(folder, { recursive: true, force: true });
		},
	};
}
