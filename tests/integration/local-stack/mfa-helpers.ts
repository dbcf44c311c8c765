import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { clientFor, signedInUser } from './helpers.ts';
import type { Client } from './helpers.ts';

// Shared by the MFA suites: codes computed from an enrolled factor's secret as an authenticator app
// computes them, a user with a verified TOTP factor, and the claims of an access token.

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
export function totpCode(secret: string, steps = 0): string {
	return TOTP.generate({
		secret: Secret.fromBase32(secret),
		timestamp: Date.now() + steps * 30_000,
	});
}

/** A code that is none of the three the server accepts now (previous, current, next step). */
export function wrongCode(secret: string): string {
	const accepted = new Set([-1, 0, 1].map((steps) => totpCode(secret, steps)));
	for (let n = 0; ; n += 1) {
		const candidate = String(n).padStart(6, '0');
		if (!accepted.has(candidate)) return candidate;
	}
}

export function claimsOf(token: string): Record<string, unknown> {
	const payload = token.split('.')[1] ?? '';
	return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function enrollTotp(client: Client, friendlyName?: string) {
	const { data, error } = await client.auth.mfa.enroll({
		factorType: 'totp',
		...(friendlyName === undefined ? {} : { friendlyName }),
	});
	if (error) throw error;
	return data;
}

/** A signed-in user whose TOTP factor is verified; `client` holds the aal2 session. */
export async function userWithVerifiedFactor(stack: LocalStack) {
	const signedIn = await signedInUser(stack);
	const factor = await enrollTotp(signedIn.client, 'Phone');
	const verified = await signedIn.client.auth.mfa.challengeAndVerify({
		factorId: factor.id,
		code: totpCode(factor.totp.secret),
	});
	if (verified.error) throw verified.error;
	return { ...signedIn, factorId: factor.id, secret: factor.totp.secret, aal2: verified.data };
}

/** A new password sign-in of `email`: an aal1 session in its own client. */
export async function passwordSession(stack: LocalStack, email: string, password: string) {
	const client = clientFor(stack);
	const { data, error } = await client.auth.signInWithPassword({ email, password });
	if (error) throw error;
	expect(claimsOf(data.session.access_token).aal).toBe('aal1');
	return { client, session: data.session };
}
