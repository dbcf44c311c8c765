import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// A PostgreSQL cluster of this checkout's own, from the server binaries Debian's postgresql-15
// package installs (.ci/run installs it; PG_BIN names another folder). It listens on loopback and a
// socket folder of its own, trusts local connections (it is a throwaway for development and tests)
// and belongs to the `postgres` system user when we are root, since initdb refuses to run as root.

const CANDIDATES = ['17', '16', '15'].map((major) => `/usr/lib/postgresql/${major}/bin`);

export function serverBinaries(env: NodeJS.ProcessEnv = process.env): string {
	const folder = env.PG_BIN ?? CANDIDATES.find((dir) => existsSync(join(dir, 'initdb')));
	if (!folder || !existsSync(join(folder, 'initdb')))
		throw new Error(
			'No PostgreSQL server binaries found (looked in /usr/lib/postgresql/{17,16,15}/bin). ' +
				'Install them with `apt-get install postgresql-15`, or name the folder in PG_BIN.',
		);
	return folder;
}

const systemUser = () => (process.getuid?.() === 0 ? 'postgres' : undefined);

function run(bin: string, args: string[]): void {
	const user = systemUser();
	const [file, argv] = user ? ['runuser', ['-u', user, '--', bin, ...args]] : [bin, args];
	execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface ClusterOptions {
	dir: string;
	port: number;
	/** Extra `-c name=value` server settings. */
	settings?: Record<string, string | number>;
}

export interface Cluster {
	url: (database?: string) => string;
	port: number;
	dir: string;
	stop(): void;
}

function ownFolder(dir: string): void {
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	const user = systemUser();
	if (!user) return;
	const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
	chownSync(dir, uid, gid);
	chmodSync(dir, 0o700);
}

/** The port of the cluster running in `dir`, from its postmaster.pid; undefined when it is not running. */
export function runningPort(dir: string): number | undefined {
	const pidFile = join(resolve(dir), 'data', 'postmaster.pid');
	if (!existsSync(pidFile)) return undefined;
	const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
	try {
		process.kill(Number(pid), 0);
		return Number(port);
	} catch {
		return undefined;
	}
}

/** Creates the cluster in `dir` when it is new, then starts it (or finds it running). */
export function startCluster(options: ClusterOptions): Cluster {
	const bin = serverBinaries();
	const dir = resolve(options.dir);
	const data = join(dir, 'data');
	if (!existsSync(join(data, 'PG_VERSION'))) {
		ownFolder(dir);
		run(join(bin, 'initdb'), [
			'-D',
			data,
			'-A',
			'trust',
			'-U',
			'postgres',
			'-E',
			'UTF8',
			'--no-sync',
		]);
	}
	const port = runningPort(dir) ?? options.port;
	if (runningPort(dir) === undefined) {
		const settings = Object.entries(options.settings ?? {})
			.map(([name, value]) => ` -c ${name}=${value}`)
			.join('');
		run(join(bin, 'pg_ctl'), [
			'-D',
			data,
			'-w',
			'-l',
			join(dir, 'server.log'),
			'-o',
			`-p ${options.port} -k ${dir} -c listen_addresses=127.0.0.1${settings}`,
			'start',
		]);
	}
	return {
		port,
		dir,
		url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
		stop() {
			if (runningPort(dir) !== undefined)
				run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
		},
	};
}
