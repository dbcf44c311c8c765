/**
 * The referral link's parts, one place for the page's notice (which asks before the cookie is
 * set), the endpoint that sets it, the sign-up (which reads it) and the panel (which builds the
 * links).
 */
export const referralParam = 'ref';
export const referralCookieName = 'frostnode-ref';
/** How long a visit through a link counts (the affiliate page promises it; policy.ts says 30). */
export const referralCookieDays = 30;

const codeShape = /^[A-Z0-9]{8}$/;

/** The code in canonical form, or undefined for anything that is not one. */
export function referralCode(raw: string | null | undefined): string | undefined {
	const code = raw?.trim().toUpperCase();
	return code && codeShape.test(code) ? code : undefined;
}

/** The cookie a visitor allows (POST /api/affiliate/referral): the last partner allowed wins. */
export function referralCookieOptions(https: boolean) {
	return {
		path: '/',
		maxAge: referralCookieDays * 86_400,
		sameSite: 'lax' as const,
		httpOnly: true,
		secure: https,
	};
}

/** What a sign-up stores for the database to attribute (it ignores codes nobody has). */
export function referralData(cookie: string | undefined): { referral_code?: string } {
	const code = referralCode(cookie);
	return code ? { referral_code: code } : {};
}
