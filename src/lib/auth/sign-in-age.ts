import { z } from 'zod';
import { tokenClaims } from './token-claims';

/**
 * When a session last proved who its customer is: the newest `amr` timestamp of its access token
 * (password, code, Google, a second factor). A refreshed token keeps its `amr` and gets a new
 * `iat`, so `iat` says nothing about signing in and is never used here. Privileged VPS actions
 * (console, reinstall, password reset) ask for a sign-in within the last hour.
 */

const claims = z.object({
	amr: z.array(z.object({ method: z.string(), timestamp: z.number() })).optional(),
});

export const recentSignInSeconds = 3600;

/** The session's last sign-in (of an access token already verified by the auth service), or null. */
export function signedInAt(accessToken: string): Date | null {
	const parsed = claims.safeParse(tokenClaims(accessToken));
	const stamps = (parsed.data?.amr ?? []).map((entry) => entry.timestamp);
	return stamps.length ? new Date(Math.max(...stamps) * 1000) : null;
}

/** Whether the session signed in within the last hour; a token without `amr` never has. */
export function signedInRecently(accessToken: string, now = new Date()): boolean {
	const at = signedInAt(accessToken);
	return at !== null && now.getTime() - at.getTime() <= recentSignInSeconds * 1000;
}
