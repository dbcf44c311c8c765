import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throwaway PostgreSQL 15 cluster (the oldest major version hosted Supabase runs), from
// Debian's postgresql-15 package; `.ci/run` installs it.
const bin = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

function run(command: string, args: string[], input?: string): string {
	const [file, argv] = asRoot
		? ['runuser', ['-u', 'postgres', '--', command, ...args]]
		: [command, args];
	return execFileSync(file, argv, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
}

export interface Postgres15 {
	psql(sql: string): string;
	/** The same in a psql of its own, not waiting: for two sessions at once. */
	psqlAsync(sql: string): Promise<string>;
	stop(): void;
}

export function startPostgres15(): Postgres15 {
	if (!existsSync(join(bin, 'initdb'))) {
		throw new Error(
			`PostgreSQL 15 is not installed at ${bin}: apt-get install postgresql-15 (.ci/run does)`,
		);
	}
	const dir = mkdtempSync(join(tmpdir(), 'pg15-'));
	chmodSync(dir, 0o777); // initdb runs as the postgres user when we are root
	const data = join(dir, 'data');
	const port = String(20000 + Math.floor(Math.random() * 20000));
	run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
	run(join(bin, 'pg_ctl'), [
		'-D',
		data,
		'-w',
		'-l',
		join(dir, 'log'),
		'-o',
		`-p ${port} -k ${dir} -c listen_addresses=''`,
		'start',
	]);
	const psqlArgs = ['-h', dir, '-p', port, '-U', 'postgres', '-d', 'postgres'];
	const psql = (sql: string) =>
		run(
			'psql',
			[
				'-h',
				dir,
				'-p',
				port,
				'-U',
				'postgres',
				'-d',
				'postgres',
				'-v',
				'ON_ERROR_STOP=1',
				'-q',
				'-At',
				'-1',
				'-f',
				'-',
			],
			sql,
		);
	const psqlAsync = (sql: string) =>
		new Promise<string>((done, fail) => {
			const argv = [...psqlArgs, '-v', 'ON_ERROR_STOP=1', '-q', '-At', '-1', '-f', '-'];
			const [file, args] = asRoot
				? ['runuser', ['-u', 'postgres', '--', 'psql', ...argv]]
				: ['psql', argv];
			const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'] });
			let out = '';
			let err = '';
			child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
			child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
			child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(err))));
			child.stdin.end(sql);
		});
	return {
		psql,
		psqlAsync,
		stop() {
			run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
