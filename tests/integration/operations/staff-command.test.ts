import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	demo,
	other,
	staffMember,
	startProductStack,
	type Personas,
} from '../data-model/personas.ts';

// `npm run staff:add` / `staff:remove` against the local stack with the demo seed: the operator's
// only way to give or take the staff role; a typo or an unknown address changes nothing.

let p: Personas;
let dir: string;

beforeAll(async () => {
	p = await startProductStack();
	dir = await mkdtemp(join(tmpdir(), 'staff-command-'));
}, 60_000);

afterAll(async () => {
	await p.stack.stop();
	await rm(dir, { recursive: true, force: true });
});

/** The command as `npm run staff:<verb> -- <args>` runs it, against the stack. */
function command(verb: string, ...args: string[]) {
	const jiti = resolve('node_modules/jiti/lib/jiti-cli.mjs');
	const env = {
		PATH: process.env.PATH ?? '',
		LOG_LEVEL: 'silent',
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	};
	const child = spawn(process.execPath, [jiti, resolve('scripts/staff.ts'), verb, ...args], {
		cwd: dir,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
	child.stderr.on('data', (chunk: Buffer) => (err += String(chunk)));
	return new Promise<{ code: number | null; out: string; err: string }>((done) =>
		child.on('exit', (code) => done({ code, out, err })),
	);
}

const staffIds = async () =>
	((await p.service.from('staff_members').select('user_id')).data ?? [])
		.map((row) => row.user_id)
		.filter((id) => id !== staffMember.id); // the seed's own member of staff

describe('npm run staff:add and staff:remove', () => {
	it('gives and takes the role by address', async () => {
		const added = await command('add', '--email', demo.email);
		expect(added.code).toBe(0);
		expect(JSON.parse(added.out)).toEqual({ email: demo.email, outcome: 'granted' });
		expect(await staffIds()).toEqual([demo.id]);
		const removed = await command('remove', '--email', demo.email);
		expect(JSON.parse(removed.out)).toEqual({ email: demo.email, outcome: 'revoked' });
		expect(await staffIds()).toEqual([]);
	});

	it('refuses an unknown address, a missing one and an unknown verb, changing nothing', async () => {
		await command('add', '--email', other.email);
		const unknown = await command('add', '--email', 'nobody@frostnode.example');
		expect(unknown.code).toBe(1);
		expect(unknown.err).toContain('No account has that address');
		expect((await command('add')).code).toBe(2);
		expect((await command('promote', '--email', demo.email)).code).toBe(2);
		expect(await staffIds()).toEqual([other.id]);
	});
});
