import type { APIContext } from 'astro';
import { signedInRecently } from '../../lib/auth/recent-sign-in';

/**
 * Whether the caller's session signed in within the last hour (src/lib/auth/recent-sign-in.ts):
 * the bearer token, else the cookie session's token. The caller is already verified
 * (src/server/http/caller.ts); this only reads when that session proved itself.
 */
export async function signedInWithinHour(
	context: Pick<APIContext, 'request' | 'locals'>,
	now = Date.now(),
): Promise<boolean> {
	const header = context.request.headers.get('authorization') ?? '';
	let token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	if (!token && context.locals.supabase) {
		const { data } = await context.locals.supabase.auth.getSession();
		token = data.session?.access_token;
	}
	return token ? signedInRecently(token, now) : false;
}
