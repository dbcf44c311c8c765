import { z } from 'zod';

/**
 * Two-factor sign-in's rule, in one place (docs/security.md "Two-factor sign-in"): a customer with
 * a verified factor is signed in only once their session is `aal2`; a password alone (`aal1`) is
 * half a sign-in. Customers without a factor are signed in at any level. The database holds the
 * same rule (private.session_meets_assurance); this is the site's side of it.
 */

const claims = z.object({ aal: z.string().optional() });
const factor = z.object({ id: z.string(), factor_type: z.string(), status: z.string() });
const userFactors = z.object({ factors: z.array(factor).nullish() });

/** The `aal` claim of an access token (already verified by the auth service), or null. */
export function assuranceLevelOf(accessToken: string): string | null {
	const payload = accessToken.split('.')[1];
	if (!payload) return null;
	try {
		const parsed = claims.safeParse(
			JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))),
		);
		return parsed.data?.aal ?? null;
	} catch {
		return null;
	}
}

/** The customer's verified TOTP factor ids, as `GET /user` lists them. */
export function verifiedTotpFactors(user: unknown): string[] {
	const factors = userFactors.safeParse(user).data?.factors ?? [];
	return factors
		.filter((f) => f.factor_type === 'totp' && f.status === 'verified')
		.map((f) => f.id);
}

/** Whether this session still owes its code: a verified factor and a level below aal2. */
export function needsSecondFactor(user: unknown, accessToken: string): boolean {
	return verifiedTotpFactors(user).length > 0 && assuranceLevelOf(accessToken) !== 'aal2';
}
