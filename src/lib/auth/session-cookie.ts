/**
 * Reads the session @supabase/ssr keeps in cookies (`sb-<ref>-auth-token`, maybe chunked into
 * `.0`, `.1`, …, base64url behind a `base64-` prefix), so a static page can know who is signed in
 * without loading the Supabase client. It trusts nothing: the server checks the token itself.
 */
export interface SessionUser {
	id: string;
	email: string;
	firstName: string;
}

export interface CookieSession {
	user: SessionUser;
	accessToken: string;
	expiresAt: number;
}

function parseCookies(header: string): Map<string, string> {
	const jar = new Map<string, string>();
	for (const part of header.split(';')) {
		const index = part.indexOf('=');
		if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
	}
	return jar;
}

function decodeBase64Url(value: string): string {
	const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
	const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
	return new TextDecoder().decode(bytes);
}

export function readSessionCookie(cookieHeader: string): CookieSession | null {
	const jar = parseCookies(cookieHeader);
	const name = [...jar.keys()]
		.find((key) => /^sb-[^.]+-auth-token(\.0)?$/.test(key))
		?.replace(/\.0$/, '');
	if (!name) return null;
	let raw = jar.get(name) ?? '';
	if (!raw) for (let i = 0; jar.has(`${name}.${i}`); i++) raw += jar.get(`${name}.${i}`);
	try {
		raw = decodeURIComponent(raw);
		const json = raw.startsWith('base64-') ? decodeBase64Url(raw.slice(7)) : raw;
		const session = JSON.parse(json) as {
			access_token?: string;
			expires_at?: number;
			user?: { id?: string; email?: string; user_metadata?: { first_name?: string } };
		};
		if (!session.access_token || !session.user?.id) return null;
		return {
			user: {
				id: session.user.id,
				email: session.user.email ?? '',
				firstName: session.user.user_metadata?.first_name ?? '',
			},
			accessToken: session.access_token,
			expiresAt: session.expires_at ?? 0,
		};
	} catch {
		return null;
	}
}
