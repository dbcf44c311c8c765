import { AuthInvalidJwtError } from '@supabase/supabase-js';
import {
	SignJWT,
	createLocalJWKSet,
	decodeProtectedHeader,
	generateKeyPair,
	jwtVerify,
} from 'jose';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, signedInUser, startTestStack } from './helpers.ts';

// Asymmetric signing keys as a new hosted project has them: user access tokens are ES256 with a kid,
// the public key is served as JWKS, and the legacy HS256 secret still verifies. Each refusal is
// worded as GoTrue (internal/api/auth.go over golang-jwt v5) and PostgREST (Auth/Jwt.hs over
// jose-jwt, Error.hs) word it.

let stack: LocalStack;
let jwks: JSONWebKeySet;

beforeAll(async () => {
	stack = await startTestStack();
	jwks = (await (
		await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)
	).json()) as JSONWebKeySet;
});
afterAll(async () => {
	await stack?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const kid = () => jwks.keys[0]?.kid ?? '';
const V2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

/** What GET /user answers for a bearer token: status and GoTrue's {code, message}. */
async function authAnswer(token: string): Promise<[number, unknown]> {
	const response = await api(stack, '/auth/v1/user', { bearer: token, headers: V2024 });
	return [response.status, await response.json()];
}

/** What a REST read answers for a bearer token: status and PostgREST's error body. */
async function restAnswer(token: string): Promise<[number, unknown]> {
	const response = await api(stack, '/rest/v1/notes?select=id', { bearer: token });
	return [response.status, await response.json()];
}

const badJwt = (reason: string) => ({
	code: 'bad_jwt',
	message: `invalid JWT: unable to parse or verify signature, ${reason}`,
});
const pgrst301 = (message: string, details: string | null) => ({
	code: 'PGRST301',
	details,
	hint: null,
	message,
});

async function es256Token(claims: Record<string, unknown>, header: Record<string, unknown>) {
	const { privateKey } = await generateKeyPair('ES256');
	return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', ...header }).sign(privateKey);
}

describe('the JWKS', () => {
	it('serves the public ES256 key without an API key, never a private part or the secret', async () => {
		const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
		expect(response.status).toBe(200);
		// internal/api/jwks.go: cached for 10 minutes.
		expect(response.headers.get('cache-control')).toBe('public, max-age=600');
		const body = (await response.json()) as JSONWebKeySet;
		expect(body.keys).toHaveLength(1);
		const [key] = body.keys;
		// conf/jwk.go decodePublicKey: use sig, key_ops [verify]; jwks.go skips the HMAC (oct) key.
		expect(key).toEqual({
			alg: 'ES256',
			crv: 'P-256',
			key_ops: ['verify'],
			kid: expect.any(String) as string,
			kty: 'EC',
			use: 'sig',
			x: expect.any(String) as string,
			y: expect.any(String) as string,
		});
		expect(key).not.toHaveProperty('d');
		expect(JSON.stringify(body)).not.toContain(stack.jwtSecret);
	});

	it('signs access tokens ES256 with its kid, verifiable with the JWKS alone', async () => {
		const { session } = await signedInUser(stack);
		// tokens/service.go SignJWT: the signing key's alg, and its kid in the header.
		expect(decodeProtectedHeader(session.access_token)).toEqual({
			alg: 'ES256',
			kid: kid(),
			typ: 'JWT',
		});
		const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks));
		expect(payload.sub).toBe(session.user.id);
	});
});

describe('getClaims through supabase-js', () => {
	it('verifies a fresh session locally against the JWKS', async () => {
		const { client, user, session } = await signedInUser(stack);
		const { data, error } = await client.auth.getClaims();
		expect(error).toBeNull();
		expect(data?.claims.sub).toBe(user.id);
		expect(data?.header).toMatchObject({ alg: 'ES256', kid: kid() });
		// auth-js getClaims: an ES256 token with a kid is checked with the JWKS, not with GET /user,
		// so it still verifies after the user is gone (GET /user would say user_not_found).
		await clientFor(stack, stack.serviceRoleKey).auth.admin.deleteUser(user.id);
		const offline = await client.auth.getClaims(session.access_token);
		expect(offline.data?.claims.sub).toBe(user.id);
	});

	it('refuses a tampered token', async () => {
		const { client, session } = await signedInUser(stack);
		const [header, payload, signature] = session.access_token.split('.');
		const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
		const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
			'base64url',
		);
		const { data, error } = await client.auth.getClaims(`${header}.${forged}.${signature}`);
		expect(data).toBeNull();
		// auth-js getClaims: crypto.subtle.verify fails → AuthInvalidJwtError('Invalid JWT signature').
		expect(error).toBeInstanceOf(AuthInvalidJwtError);
		expect(error?.message).toBe('Invalid JWT signature');
	});
});

describe('tokens the keys do not vouch for', () => {
	it('refuses a token signed by another EC key under the same kid', async () => {
		const { user } = await signedInUser(stack);
		const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated', exp: now() + 600 };
		const forged = await es256Token(claims, { kid: kid(), typ: 'JWT' });
		// golang-jwt ecdsa.go Verify → ErrECDSAVerification, wrapped by parser.go as signature invalid.
		expect(await authAnswer(forged)).toEqual([
			403,
			badJwt('token signature is invalid: crypto/ecdsa: verification error'),
		]);
		// jose-jwt decode: the key matched by kid fails → KeyError; PostgREST's ErrorSpec words it.
		expect(await restAnswer(forged)).toEqual([
			401,
			pgrst301('No suitable key or wrong key type', 'None of the keys was able to decode the JWT'),
		]);
		const { error } = await clientFor(stack).auth.getClaims(forged);
		expect(error?.message).toBe('Invalid JWT signature');
	});

	it('refuses an ES256 token whose kid names no key', async () => {
		const forged = await es256Token({ role: 'service_role', exp: now() + 600 }, { kid: 'nope' });
		// auth.go parseJWTClaims keyfunc: an unknown kid falls back to the secret only for HS256.
		expect(await authAnswer(forged)).toEqual([
			403,
			badJwt(
				'token is unverifiable: error while executing keyfunc: unrecognized JWT kid nope for algorithm ES256',
			),
		]);
		// jose-jwt Jwk.hs keyIdCompatible filters every key out → "No suitable key was found".
		expect(await restAnswer(forged)).toEqual([
			401,
			pgrst301('No suitable key or wrong key type', 'No suitable key was found to decode the JWT'),
		]);
		const unnamed = await es256Token({ role: 'service_role', exp: now() + 600 }, {});
		expect((await authAnswer(unnamed))[1]).toEqual(
			badJwt(
				'token is unverifiable: error while executing keyfunc: unrecognized JWT kid <nil> for algorithm ES256',
			),
		);
	});

	it('refuses algorithms the keys are not for', async () => {
		const { privateKey } = await generateKeyPair('RS256');
		const rs256 = await new SignJWT({ role: 'service_role', exp: now() + 600 })
			.setProtectedHeader({ alg: 'RS256', kid: kid() })
			.sign(privateKey);
		// golang-jwt parser.go: alg outside WithValidMethods (the keys' algs, ES256 and HS256).
		expect((await authAnswer(rs256))[1]).toEqual(
			badJwt('token signature is invalid: signing method RS256 is invalid'),
		);
		// jose-jwt Jwk.hs canDecodeJws: no key takes RS256.
		expect(await restAnswer(rs256)).toEqual([
			401,
			pgrst301('No suitable key or wrong key type', 'No suitable key was found to decode the JWT'),
		]);
		const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
			'{"role":"service_role"}',
		).toString('base64url')}.`;
		expect((await authAnswer(none))[1]).toEqual(
			badJwt('token signature is invalid: signing method none is invalid'),
		);
		// PostgREST ErrorSpec "when token with algorithm 'none' is used".
		expect(await restAnswer(none)).toEqual([
			401,
			pgrst301(
				'Wrong or unsupported encoding algorithm',
				"JWT is unsecured but expected 'alg' was not 'none'",
			),
		]);
	});
});

describe('the legacy HS256 secret', () => {
	const hs256 = (claims: object, secret: string, header: Record<string, unknown> = {}) =>
		new SignJWT({ ...claims })
			.setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
			.sign(new TextEncoder().encode(secret));

	it('still signs the anon and service_role keys, and tokens it signs are accepted', async () => {
		// The CLI's demo keys: HS256 without a kid, as legacy keys stay on a migrated project.
		expect(decodeProtectedHeader(stack.anonKey)).toEqual({ alg: 'HS256', typ: 'JWT' });
		expect(decodeProtectedHeader(stack.serviceRoleKey)).toEqual({ alg: 'HS256', typ: 'JWT' });
		expect((await clientFor(stack, stack.serviceRoleKey).auth.admin.listUsers()).error).toBeNull();
		const { user, session } = await signedInUser(stack);
		const claims = JSON.parse(
			Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
		) as object;
		const legacy = await hs256(claims, stack.jwtSecret);
		// auth.go parseJWTClaims: no kid and alg HS256 → the secret (backward compatibility).
		const [status, body] = await authAnswer(legacy);
		expect([status, (body as { id: string }).id]).toEqual([200, user.id]);
		// PostgREST tries the keys a kid-less token fits: the secret.
		expect((await restAnswer(legacy))[0]).toBe(200);
		// auth-js getClaims: an HS token is checked by GET /user.
		const { data } = await clientFor(stack).auth.getClaims(legacy);
		expect(data?.claims.sub).toBe(user.id);
	});

	it('refuses a wrong secret, expiry, and the secret under the EC kid, in each service’s words', async () => {
		const claims = { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated' };
		const wrong = await hs256({ ...claims, exp: now() + 60 }, 'not-the-secret-not-the-secret-xx');
		// golang-jwt hmac.go ErrSignatureInvalid; PostgREST ErrorSpec "jwt encoded with wrong secret".
		expect((await authAnswer(wrong))[1]).toEqual(
			badJwt('token signature is invalid: signature is invalid'),
		);
		expect(await restAnswer(wrong)).toEqual([
			401,
			pgrst301('No suitable key or wrong key type', 'None of the keys was able to decode the JWT'),
		]);
		const expired = await hs256({ ...claims, exp: now() - 120 }, stack.jwtSecret);
		// golang-jwt validator.go (no leeway in GoTrue); PostgREST: past the 30 s skew.
		expect((await authAnswer(expired))[1]).toEqual(
			badJwt('token has invalid claims: token is expired'),
		);
		expect(await restAnswer(expired)).toEqual([
			401,
			{ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
		]);
		const misnamed = await hs256({ ...claims, exp: now() + 60 }, stack.jwtSecret, { kid: kid() });
		// auth.go: the kid names the EC key, which golang-jwt's HMAC verify cannot use.
		expect((await authAnswer(misnamed))[1]).toEqual(
			badJwt('token signature is invalid: key is of invalid type: HMAC verify expects []byte'),
		);
		// jose-jwt: the kid's key is not an HS256 key, and the secret has another (no) kid.
		expect(await restAnswer(misnamed)).toEqual([
			401,
			pgrst301('No suitable key or wrong key type', 'No suitable key was found to decode the JWT'),
		]);
	});

	it('reads the role claim as PostgREST does: absent is anon, anything else must be a role', async () => {
		const anonymous = await hs256({ exp: now() + 60 }, stack.jwtSecret);
		expect((await restAnswer(anonymous))[0]).toBe(200);
		// Auth/Jwt.hs parseClaims: a non-string role is used as its JSON text; Postgres then refuses it.
		for (const [claim, name] of [
			[null, 'null'],
			['', ''],
		] as const) {
			const token = await hs256({ role: claim, exp: now() + 60 }, stack.jwtSecret);
			expect(await restAnswer(token)).toEqual([
				401,
				{ code: '22023', details: null, hint: null, message: `role "${name}" does not exist` },
			]);
		}
	});
});
