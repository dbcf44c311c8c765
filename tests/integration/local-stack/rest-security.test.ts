import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, signedInUser, startTestStack } from './helpers.ts';

/** An HS256 token as a legacy-secret holder (or a forger with another secret) would make one. */
function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
	return new SignJWT(claims)
		.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
		.sign(new TextEncoder().encode(secret));
}

// What must be refused: other users' rows, the anonymous role where a policy wants a user, forged or
// expired tokens, unknown keys. Row-level security is Postgres' own, under the request's role.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

describe('row-level security', () => {
	it('shows a user only their own rows, and anon none', async () => {
		const alice = await signedInUser(stack);
		const bob = await signedInUser(stack);
		await alice.client.from('notes').insert({ title: 'alice only' });
		await bob.client.from('notes').insert({ title: 'bob only' });
		expect((await alice.client.from('notes').select('title')).data).toEqual([
			{ title: 'alice only' },
		]);
		expect((await bob.client.from('notes').select('title')).data).toEqual([{ title: 'bob only' }]);
		const anon = await clientFor(stack).from('notes').select('title');
		expect([anon.status, anon.data]).toEqual([200, []]);
		const all = await clientFor(stack, stack.serviceRoleKey)
			.from('notes')
			.select('title')
			.in('owner', [alice.user.id, bob.user.id]);
		expect(all.data).toHaveLength(2);
	});

	it("silently affects none of another user's rows on update and delete", async () => {
		const alice = await signedInUser(stack);
		const bob = await signedInUser(stack);
		const inserted = await alice.client
			.from('notes')
			.insert({ title: 'keep me' })
			.select('id')
			.single();
		const noteId = (inserted.data as { id: number }).id;
		const update = await bob.client
			.from('notes')
			.update({ title: 'hijacked' })
			.eq('id', noteId)
			.select();
		expect([update.status, update.data]).toEqual([200, []]);
		const remove = await bob.client.from('notes').delete().eq('id', noteId);
		expect([remove.status, remove.error]).toEqual([204, null]);
		expect(
			(await alice.client.from('notes').select('title').eq('id', noteId).single()).data,
		).toEqual({ title: 'keep me' });
	});

	it('refuses rows that fail a WITH CHECK: 403 for a user, 401 for anon', async () => {
		const alice = await signedInUser(stack);
		const bob = await signedInUser(stack);
		const forOther = await alice.client
			.from('notes')
			.insert({ title: 'planted', owner: bob.user.id });
		expect([forOther.status, forOther.error?.code]).toEqual([403, '42501']);
		expect(forOther.error?.message).toBe(
			'new row violates row-level security policy for table "notes"',
		);
		const anon = await clientFor(stack).from('notes').insert({ title: 'anon', owner: bob.user.id });
		expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
	});

	it('answers 401 to anon and 403 to a user for a table they have no privilege on', async () => {
		const anon = await clientFor(stack).from('secrets').select();
		expect([anon.status, anon.error?.code, anon.error?.message]).toEqual([
			401,
			'42501',
			'permission denied for table secrets',
		]);
		const user = await signedInUser(stack);
		const denied = await user.client.from('secrets').select();
		expect([denied.status, denied.error?.code]).toEqual([403, '42501']);
	});

	it('runs policies with auth.uid() and auth.jwt() from the request claims, per request', async () => {
		const alice = await signedInUser(stack);
		const mine = await alice.client.rpc('whoami');
		expect(mine.data).toEqual({
			uid: alice.user.id,
			role: 'authenticated',
			claim_role: 'authenticated',
			current_user: 'authenticated',
		});
		const anon = await clientFor(stack).rpc('whoami');
		expect(anon.data).toEqual({
			uid: null,
			role: 'anon',
			claim_role: 'anon',
			current_user: 'anon',
		});
		const service = await clientFor(stack, stack.serviceRoleKey).rpc('whoami');
		expect(service.data).toMatchObject({
			uid: null,
			role: 'service_role',
			current_user: 'service_role',
		});
	});

	it('keeps auth.users out of reach of the API roles', async () => {
		const user = await signedInUser(stack);
		const response = await api(stack, '/rest/v1/users', {
			bearer: user.session.access_token,
			headers: { 'Accept-Profile': 'auth' },
		});
		expect(response.status).toBe(406);
	});
});

describe('tokens and keys', () => {
	it('refuses a token signed with another secret (PGRST301), an expired one (PGRST303) and garbage', async () => {
		const forged = await signJwt(
			{ role: 'service_role', exp: now() + 600 },
			'some-other-secret-some-other-secret',
		);
		const badSignature = await api(stack, '/rest/v1/notes', { bearer: forged });
		expect([badSignature.status, ((await badSignature.json()) as { code: string }).code]).toEqual([
			401,
			'PGRST301',
		]);
		expect(badSignature.headers.get('www-authenticate')).toContain('invalid_token');
		const expired = await signJwt(
			{ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000', exp: now() - 120 },
			stack.jwtSecret,
		);
		const expiredResponse = await api(stack, '/rest/v1/notes', { bearer: expired });
		expect([expiredResponse.status, await expiredResponse.json()]).toEqual([
			401,
			{ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
		]);
		const garbage = await api(stack, '/rest/v1/notes', { bearer: 'not.a.jwt.at.all' });
		expect([garbage.status, ((await garbage.json()) as { message: string }).message]).toEqual([
			401,
			'Expected 3 parts in JWT; got 5',
		]);
		const alg = await api(stack, '/rest/v1/notes', {
			bearer: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
		});
		expect(alg.status).toBe(401);
	});

	it('refuses roles that are not API roles', async () => {
		const unknownRole = await api(stack, '/rest/v1/games', {
			bearer: await signJwt({ role: 'wizard', exp: now() + 60 }, stack.jwtSecret),
		});
		expect([unknownRole.status, ((await unknownRole.json()) as { code: string }).code]).toEqual([
			401,
			'22023',
		]);
		const superuser = await api(stack, '/rest/v1/games', {
			bearer: await signJwt({ role: 'postgres', exp: now() + 60 }, stack.jwtSecret),
		});
		expect([superuser.status, ((await superuser.json()) as { code: string }).code]).toEqual([
			403,
			'42501',
		]);
	});

	it('requires a project key; opaque keys map to anon and service_role', async () => {
		expect((await fetch(`${stack.url}/rest/v1/games`)).status).toBe(401);
		expect(
			(await fetch(`${stack.url}/rest/v1/games`, { headers: { apikey: 'made-up' } })).status,
		).toBe(401);
		const publishable = await clientFor(stack, stack.publishableKey)
			.from('games')
			.select('slug')
			.eq('id', 1);
		expect(publishable.data).toEqual([{ slug: 'minecraft' }]);
		const secret = await clientFor(stack, stack.secretKey).rpc('whoami');
		expect(secret.data).toMatchObject({ role: 'service_role' });
		const publishableIsAnon = await clientFor(stack, stack.publishableKey).from('secrets').select();
		expect(publishableIsAnon.status).toBe(401);
	});

	it('a signed-out token still works on REST until it expires (PostgREST does not check sessions)', async () => {
		const alice = await signedInUser(stack);
		await alice.client.from('notes').insert({ title: 'still mine' });
		const token = alice.session.access_token;
		await alice.client.auth.signOut();
		const response = await api(stack, '/rest/v1/notes?select=title', { bearer: token });
		expect(await response.json()).toEqual([{ title: 'still mine' }]);
	});
});
