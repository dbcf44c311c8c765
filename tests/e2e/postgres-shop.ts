import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster, type Cluster } from '../../scripts/postgres/cluster.ts';
import { e2ePortBase, e2ePorts } from './ports';
import { freePort } from './site-copy';

/**
 * A second e2e server (scripts/e2e-server.ts, as it is) whose local stack keeps its data in a
 * PostgreSQL cluster of its own instead of PGlite, the way `DATABASE_URL=… npm start` runs the
 * product. Its site, stack and mailbox listen `offset` ports above the e2e server's; its backend
 * file and the simulated panel's state stay in its own folder. stop() removes whatever start() got
 * to make, also when start() failed or was cut short by its hook's timeout.
 */
export interface PostgresShop {
	site: string;
	mailbox: string;
	/** The database the stack runs on, as its owner. */
	databaseUrl: string;
	start(): Promise<void>;
	stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Resolves once the e2e server says where it listens: its stack migrated and seeded, its site up. */
function serving(child: ChildProcess): Promise<void> {
	return new Promise((resolve, reject) => {
		let output = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			output += String(chunk);
			if (output.includes('e2e: site ')) resolve();
		});
		child.on('exit', (code) =>
			reject(new Error(`The e2e server on PostgreSQL exited (${code}) before it served the site`)),
		);
	});
}

export function postgresShop(offset = 50): PostgresShop {
	let dir: string | undefined;
	let cluster: Cluster | undefined;
	let child: ChildProcess | undefined;
	let exited: Promise<void> = Promise.resolve();
	const shop: PostgresShop = {
		site: `http://127.0.0.1:${e2ePorts.site + offset}`,
		mailbox: `http://127.0.0.1:${e2ePorts.mailbox + offset}`,
		databaseUrl: '',
		async start() {
			dir = await mkdtemp(join(tmpdir(), 'e2e-postgres-'));
			// The cluster belongs to the postgres system user when we are root, who must reach its folder.
			await chmod(dir, 0o711);
			cluster = startCluster({
				dir: join(dir, 'cluster'),
				port: await freePort(),
				settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
			});
			shop.databaseUrl = cluster.url('shop');
			const admin = new pg.Client({ connectionString: cluster.url() });
			await admin.connect();
			await admin.query('create database shop');
			await admin.end();

			const files = join(dir, 'site');
			await mkdir(files);
			child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
				cwd: root,
				stdio: ['ignore', 'pipe', 'inherit'],
				env: {
					...process.env,
					DATABASE_URL: shop.databaseUrl,
					E2E_PORT: String(e2ePorts.site + offset),
					E2E_PORT_BASE: String(e2ePortBase + offset),
					E2E_BACKEND_FILE: join(files, 'backend.json'),
					// Where it makes the simulated panel's, DNS's and hypervisor's state files.
					TMPDIR: files,
				},
			});
			const running = child;
			exited = new Promise((resolve) => running.on('exit', () => resolve()));
			await serving(child);
		},
		async stop() {
			if (child?.exitCode === null) child.kill('SIGTERM');
			await exited;
			cluster?.stop();
			if (dir) await rm(dir, { recursive: true, force: true });
		},
	};
	return shop;
}
