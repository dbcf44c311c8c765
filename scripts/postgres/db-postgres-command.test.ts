import { describe, expect, it } from 'vitest';
import { LOCAL_STACK_DEFAULTS } from '@frostnode/local-supabase';
import {
	DEFAULT_DIR,
	STACK_PORTS,
	choosePort,
	databaseUrl,
	readCommand,
	readyMessage,
} from './db-postgres-command.ts';

describe('npm run db:postgres arguments', () => {
	it('starts the checkout’s cluster on the default port unless told otherwise', () => {
		expect(readCommand([], {})).toEqual({ stop: false, dir: DEFAULT_DIR });
		expect(readCommand(['--stop'], { POSTGRES_DIR: ' /srv/pg ', POSTGRES_PORT: '5433' })).toEqual({
			stop: true,
			dir: '/srv/pg',
			port: 5433,
		});
	});

	it('refuses an unknown option and a port that is no port', () => {
		expect(() => readCommand(['--start'], {})).toThrow(/--start/);
		for (const port of ['0', '65536', '54322x', '-1', '5.5'])
			expect(() => readCommand([], { POSTGRES_PORT: port })).toThrow(/POSTGRES_PORT/);
	});
});

describe('the cluster’s port', () => {
	const freeFrom = (taken: number[]) => (port: number) => Promise.resolve(!taken.includes(port));

	it('is 54322 when free, else the next free one', async () => {
		expect(await choosePort(54322, freeFrom([]))).toBe(54322);
		expect(await choosePort(54322, freeFrom([54322]))).toBe(54323);
	});

	it('never takes a port the local stack starts on', async () => {
		expect(await choosePort(54321, freeFrom([]))).toBe(54322);
		expect(await choosePort(54322, freeFrom([54322, 54323]))).toBe(54326);
		const stack = LOCAL_STACK_DEFAULTS;
		expect(STACK_PORTS).toEqual([stack.apiPort, stack.mailPort, stack.smtpPort]);
	});

	it('gives up, naming POSTGRES_PORT, when none is free', async () => {
		await expect(choosePort(6000, freeFrom([6000, 6001, 6002]), 3)).rejects.toThrow(
			'No free port from 6000 to 6002: name one in POSTGRES_PORT.',
		);
	});
});

describe('what it prints', () => {
	it('names the URL on a line of its own, how to start on it and how to stop it', () => {
		expect(databaseUrl(54323)).toBe('postgres://postgres@127.0.0.1:54323/frostnode');
		const text = readyMessage({
			dir: 'supabase/.data/postgres',
			port: 54323,
			started: false,
			created: true,
			version: '15.18',
		});
		const lines = text.split('\n');
		expect(lines[0]).toMatch(/^PostgreSQL 15\.18 already running on 127\.0\.0\.1:54323 /);
		expect(lines).toContain('Database frostnode created.');
		expect(lines).toContain('DATABASE_URL=postgres://postgres@127.0.0.1:54323/frostnode');
		expect(text).toContain('DATABASE_URL=postgres://postgres@127.0.0.1:54323/frostnode npm start');
		expect(text).toContain('npm run db:postgres -- --stop');
	});
});
