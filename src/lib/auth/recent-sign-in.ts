import { z } from 'zod';

// Reinstall, password reset and the console are privileged: offered to a session that signed in
// within the last hour. The session's access token says when: each `amr` entry (password, totp,
// oauth, otp) carries the time that method was last passed, in seconds.

export const recentSignInMs = 60 * 60 * 1000;

const claims = z.object({
	amr: z.array(z.object({ method: z.string(), timestamp: z.number() })).optional(),
});

/** When the session last proved who it is (ms since the epoch), or null when the token says not. */
export function signedInAt(accessToken: string): number | null {
	const payload = accessToken.split('.')[1];
	if (!payload) return null;
	try {
		const parsed = claims.safeParse(
			JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))),
		);
		const times = (parsed.data?.amr ?? []).map((entry) => entry.timestamp * 1000);
		return times.length ? Math.max(...times) : null;
	} catch {
		return null;
	}
}

export function signedInRecently(accessToken: string, now: number): boolean {
	const at = signedInAt(accessToken);
	return at !== null && now - at <= recentSignInMs;
}
