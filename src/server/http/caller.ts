import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import { adminClient } from '../supabase/admin-client';

/**
 * The signed-in customer behind an API request: a bearer access token (scripts, other devices)
 * or the session cookie, each verified by the auth service. Null when there is none or it is not
 * valid any more.
 */
export async function callerOf(
	context: Pick<APIContext, 'request' | 'locals'>,
): Promise<User | null> {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	if (bearer) {
		const admin = adminClient();
		const { data } = admin ? await admin.auth.getUser(bearer) : { data: { user: null } };
		return data.user;
	}
	if (context.locals.user) return context.locals.user;
	const answer = await context.locals.supabase?.auth.getUser();
	return answer?.data.user ?? null;
}
