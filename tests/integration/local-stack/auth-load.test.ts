import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, startTestStack } from './helpers.ts';

// Password checks must not stall the stack. Bcrypt hashes (as seed files write them) were verified
// inside PGlite, synchronously on the main thread and holding the only database queue, so while 50
// clients signed in, a REST read and Auth's health check waited for all of them. Each client signs in
// from its own loopback address (Linux routes all of 127/8), so no per-address limit is involved, and
// over its own kept-alive connection, as supabase-js keeps them: the requests then reach the server
// together instead of one accepted connection at a time.

const BCRYPT_SEED = fileURLToPath(new URL('./fixtures/bcrypt-user.sql', import.meta.url));
const CLIENTS = 50;

let stack: LocalStack;
const agents: Agent[] = [];

beforeAll(async () => {
	stack = await startTestStack({ seedFile: BCRYPT_SEED });
});
afterAll(async () => {
	for (const agent of agents) agent.destroy();
	await stack?.stop();
});

/** A client with one kept-alive connection from `localAddress`, opened by a first request. */
async function connectedClient(localAddress: string): Promise<Agent> {
	const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
	agents.push(agent);
	expect(await send(agent, 'GET', '/auth/v1/health')).toBe(200);
	return agent;
}

function send(agent: Agent, method: string, path: string, body?: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = request(
			new URL(path, stack.url),
			{ method, agent, headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' } },
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

describe('sign-ins with bcrypt hashes under load', () => {
	it('a bcrypt password signs in, a wrong one does not', async () => {
		const client = await connectedClient('127.0.0.1');
		const signIn = (password: string) =>
			send(
				client,
				'POST',
				'/auth/v1/token?grant_type=password',
				JSON.stringify({ email: 'bcrypt@example.com', password }),
			);
		expect(await signIn(PASSWORD)).toBe(200);
		expect(await signIn('not the password')).toBe(400);
	});

	it('do not hold up a REST read or the health check', async () => {
		const finished: string[] = [];
		const track = (label: string, pending: Promise<number>) =>
			pending.then((status) => {
				finished.push(label);
				return status;
			});
		const clients = await Promise.all(
			Array.from({ length: CLIENTS }, (_, i) => connectedClient(`127.0.0.${i + 2}`)),
		);
		const reader = await connectedClient('127.0.0.1');
		const checker = await connectedClient('127.0.0.1');

		const body = JSON.stringify({ email: 'bcrypt@example.com', password: PASSWORD });
		const signIns = clients.map((client) =>
			track('sign-in', send(client, 'POST', '/auth/v1/token?grant_type=password', body)),
		);
		const read = track('read', send(reader, 'GET', '/rest/v1/games?select=id,name&order=id'));
		const health = track('health', send(checker, 'GET', '/auth/v1/health'));

		expect(await Promise.all(signIns)).toEqual(Array.from({ length: CLIENTS }, () => 200));
		expect([await read, await health]).toEqual([200, 200]);
		// Both were sent while every sign-in was in flight; they must not wait for most of them.
		const signInsBefore = (label: string) =>
			finished.slice(0, finished.indexOf(label)).filter((l) => l === 'sign-in').length;
		expect(signInsBefore('read')).toBeLessThan(CLIENTS / 2);
		expect(signInsBefore('health')).toBeLessThan(CLIENTS / 2);
	});
});
