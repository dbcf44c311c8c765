import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, latestMailTo, signedInUser, startTestStack } from './helpers.ts';

// supabase.auth.reauthenticate() and the nonce it mails, as GoTrue serves them
// (internal/api/reauthenticate.go; user.go UserUpdate): GET /reauthenticate mails a six-digit code
// to a signed-in user, and with "secure password change" on, a session older than a day changes its
// password only with that code as `nonce` in PUT /user. The code is spent by that change.

let secure: LocalStack;
let plain: LocalStack;

beforeAll(async () => {
	[secure, plain] = await Promise.all([
		startTestStack({ securePasswordChange: true, mailMinIntervalSeconds: 2 }),
		startTestStack(),
	]);
});
afterAll(async () => {
	await Promise.all([secure?.stop(), plain?.stop()]);
});

function sessionIdOf(accessToken: string): string {
	const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
	return (claims as { session_id: string }).session_id;
}

/** A signed-in user whose session began 25 hours ago: GoTrue's "not signed in recently". */
async function userWithOldSession(stack: LocalStack) {
	const signedIn = await signedInUser(stack);
	await stack.sql((tx) =>
		tx.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
			sessionIdOf(signedIn.session.access_token),
		]),
	);
	return signedIn;
}

async function nonceMailedTo(stack: LocalStack, email: string): Promise<string> {
	const mail = await latestMailTo(stack, email);
	expect(mail.subject).toBe('Confirm reauthentication');
	const code = /Enter the code: (\d{6})/.exec(mail.text)?.[1];
	expect(code).toMatch(/^\d{6}$/);
	return code ?? '';
}

describe('GET /reauthenticate', () => {
	it('mails a signed-in user a code and answers {}', async () => {
		const { client, email, session } = await signedInUser(secure);
		const { data, error } = await client.auth.reauthenticate();
		expect([error, data]).toEqual([null, { user: null, session: null }]);
		await nonceMailedTo(secure, email);
		const raw = await api(secure, '/auth/v1/reauthenticate', { bearer: session.access_token });
		// mail.go sendReauthenticationOtp: max_frequency on reauthentication_sent_at
		expect([raw.status, ((await raw.json()) as { error_code: string }).error_code]).toEqual([
			429,
			'over_email_send_rate_limit',
		]);
	});

	it('needs a signed-in user, and only GET is served', async () => {
		const none = await api(secure, '/auth/v1/reauthenticate', { bearer: null });
		expect([none.status, ((await none.json()) as { error_code: string }).error_code]).toEqual([
			401,
			'no_authorization',
		]);
		// The anon key is a JWT without a subject.
		const anon = await api(secure, '/auth/v1/reauthenticate');
		expect(anon.status).toBe(403);
		const { session } = await signedInUser(secure);
		const post = await api(secure, '/auth/v1/reauthenticate', {
			method: 'POST',
			bearer: session.access_token,
		});
		expect(post.status).toBe(404);
	});
});

describe('PUT /user with secure password change on', () => {
	it('lets a session from the last 24 hours change the password without a nonce', async () => {
		const { client } = await signedInUser(secure);
		const { error } = await client.auth.updateUser({ password: 'a fresh session password' });
		expect(error).toBeNull();
	});

	it('asks an older session for the mailed nonce, takes the right one once, and refuses others', async () => {
		const { client, email } = await userWithOldSession(secure);
		const missing = await client.auth.updateUser({ password: 'without any nonce at all' });
		expect([missing.error?.status, missing.error?.code, missing.error?.message]).toEqual([
			400,
			'reauthentication_needed',
			'Password update requires reauthentication',
		]);
		const unasked = await client.auth.updateUser({
			password: 'a nonce never sent',
			nonce: '123456',
		});
		expect([unasked.error?.status, unasked.error?.code, unasked.error?.message]).toEqual([
			422,
			'reauthentication_not_valid',
			'Nonce has expired or is invalid',
		]);
		expect((await client.auth.reauthenticate()).error).toBeNull();
		const nonce = await nonceMailedTo(secure, email);
		const wrong = String((Number(nonce) + 1) % 1_000_000).padStart(6, '0');
		const guessed = await client.auth.updateUser({ password: 'a wrong nonce here', nonce: wrong });
		expect(guessed.error?.code).toBe('reauthentication_not_valid');
		const changed = await client.auth.updateUser({ password: 'proven by the mailed code', nonce });
		expect(changed.error).toBeNull();
		const signIn = await clientFor(secure).auth.signInWithPassword({
			email,
			password: 'proven by the mailed code',
		});
		expect(signIn.error).toBeNull();
		const again = await client.auth.updateUser({ password: 'the same nonce twice', nonce });
		expect(again.error?.code).toBe('reauthentication_not_valid');
	});

	it('refuses a nonce older than the code lifetime (otp_expiry)', async () => {
		const { client, email } = await userWithOldSession(secure);
		expect((await client.auth.reauthenticate()).error).toBeNull();
		const nonce = await nonceMailedTo(secure, email);
		await secure.sql((tx) =>
			tx.query(
				`update auth.users set reauthentication_sent_at = now() - interval '61 minutes' where email = $1`,
				[email],
			),
		);
		const late = await client.auth.updateUser({ password: 'a code from long ago', nonce });
		expect(late.error?.code).toBe('reauthentication_not_valid');
	});
});

describe('PUT /user with secure password change off (the project’s setting)', () => {
	it('changes the password of an older session without a nonce, and ignores one', async () => {
		const { client } = await userWithOldSession(plain);
		expect((await client.auth.updateUser({ password: 'no nonce needed here' })).error).toBeNull();
		const ignored = await client.auth.updateUser({ password: 'a nonce is ignored', nonce: '1' });
		expect(ignored.error).toBeNull();
	});
});
