/**
 * The referral link's parts, one place for the site server (which sets the cookie on any page
 * visited with `?ref=`), the sign-up (which reads it) and the panel (which builds the links). No
 * imports: the site server loads this file directly.
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

/** The Set-Cookie value for a visit to `url`, when it carries a code: the last code visited wins. */
export function referralCookie(url: string, https: boolean): string | undefined {
	const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
	const code = referralCode(new URLSearchParams(query).get(referralParam));
	if (!code) return undefined;
	const maxAge = referralCookieDays * 86_400;
	return `${referralCookieName}=${code}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`;
}

/** What a sign-up stores for the database to attribute (it ignores codes nobody has). */
export function referralData(cookie: string | undefined): { referral_code?: string } {
	const code = referralCode(cookie);
	return code ? { referral_code: code } : {};
}
