import { z } from 'zod';

/**
 * The payload of an access token the auth service has already verified, as JSON; null when it is
 * not a JWT. Never a check of the token itself: only for reading claims of a token known good.
 */
export function tokenClaims(accessToken: string): unknown {
	const payload = accessToken.split('.')[1];
	if (!payload) return null;
	try {
		return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
	} catch {
		return null;
	}
}

const sessionClaim = z.object({ session_id: z.uuid() });

/** The sign-in session a (verified) access token belongs to, or null if it names none. */
export function sessionIdOf(accessToken: string): string | null {
	const parsed = sessionClaim.safeParse(tokenClaims(accessToken));
	return parsed.success ? parsed.data.session_id : null;
}
