import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, clientFor, signedInUser, startTestStack } from './helpers.ts';

// The signing key belongs to the data folder, as a hosted project's keys belong to the project:
// sessions issued before a restart stay valid after it, and the JWKS does not change under clients
// that cached it (auth-js keeps it for 10 minutes). The private key is kept unreadable to others.

let workDir: string;

beforeAll(async () => {
	workDir = await mkdtemp(join(tmpdir(), 'signing-key-test-'));
});
afterAll(async () => {
	await rm(workDir, { recursive: true, force: true });
});

const jwksOf = async (url: string) =>
	(await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()) as unknown;

describe('the signing key across restarts', () => {
	it('is generated once per data folder and kept private; sessions outlive a restart', async () => {
		const dataDir = join(workDir, 'data');
		const first = await startTestStack({ dataDir });
		const published = await jwksOf(first.url);
		const { user, session } = await signedInUser(first);
		await first.stop();

		// The README's data folder: signing-keys.json, an array of private JWKs (the CLI's
		// signing_keys.json form), readable by its owner only, like jwt-secret.
		const keyFile = join(dataDir, 'signing-keys.json');
		expect((await stat(keyFile)).mode & 0o077).toBe(0);
		const [stored] = JSON.parse(await readFile(keyFile, 'utf8')) as Record<string, unknown>[];
		expect(stored).toMatchObject({ kty: 'EC', alg: 'ES256', d: expect.any(String) as string });
		expect(published).toMatchObject({ keys: [{ kid: stored?.kid }] });

		const second = await startTestStack({ dataDir });
		try {
			expect(await jwksOf(second.url)).toEqual(published);
			// The old access token still verifies at Auth and REST, and locally in supabase-js.
			const me = await api(second, '/auth/v1/user', { bearer: session.access_token });
			expect([me.status, ((await me.json()) as { id: string }).id]).toEqual([200, user.id]);
			const rows = await api(second, '/rest/v1/notes?select=id', { bearer: session.access_token });
			expect(rows.status).toBe(200);
			const { data } = await clientFor(second).auth.getClaims(session.access_token);
			expect(data?.claims.sub).toBe(user.id);
		} finally {
			await second.stop();
		}
	});

	it('is new for every stack kept in memory', async () => {
		const [a, b] = await Promise.all([startTestStack(), startTestStack()]);
		try {
			expect(await jwksOf(a.url)).not.toEqual(await jwksOf(b.url));
		} finally {
			await Promise.all([a.stop(), b.stop()]);
		}
	});
});
