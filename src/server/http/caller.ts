import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import { checkBearer, checkCookieSession } from './assurance';

/**
 * The signed-in customer behind an API request: a bearer access token (scripts, other devices)
 * or the session cookie, each verified by the auth service. Null when there is none, it is not
 * valid any more, or it is half a sign-in (a password without the two-factor code): every
 * customer door (customer-route, as-customer-route, customer-read) then answers 401.
 */
export async function callerOf(
	context: Pick<APIContext, 'request' | 'locals'>,
): Promise<User | null> {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	// The panel guard has checked the cookie session already on this request.
	if (!bearer && context.locals.user) return context.locals.user;
	const session = bearer
		? await checkBearer(bearer)
		: await checkCookieSession(context.locals.supabase);
	return session.kind === 'complete' ? session.user : null;
}
