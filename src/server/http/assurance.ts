import type { User } from '@supabase/supabase-js';
import { assuranceLevelOf, needsSecondFactor } from '../../lib/auth/assurance';
import { adminClient } from '../supabase/admin-client';
import type { RequestClient } from '../supabase/request-client';

/**
 * The one place the site decides who is signed in (the panel guard in src/middleware.ts and every
 * API door through src/server/http/caller.ts): a user the auth service vouches for, whose session
 * is complete. A customer with two-factor sign-in on who has given only their password is not
 * signed in yet: `pending` tells the guard to send them to the code page rather than to sign in.
 */
export type SessionCheck =
	| { kind: 'none' }
	| { kind: 'pending'; user: User }
	/** `level`: the token's `aal`; staff need `aal2` (src/server/staff/door.ts). */
	| { kind: 'complete'; user: User; level: string | null };

function judge(user: User | null, accessToken: string): SessionCheck {
	if (!user) return { kind: 'none' };
	return needsSecondFactor(user, accessToken)
		? { kind: 'pending', user }
		: { kind: 'complete', user, level: assuranceLevelOf(accessToken) };
}

/** The cookie session: getUser asks the auth service (fresh factors), the token says the level. */
export async function checkCookieSession(client: RequestClient | undefined): Promise<SessionCheck> {
	if (!client) return { kind: 'none' };
	const { data } = await client.auth.getUser();
	if (!data.user) return { kind: 'none' };
	const { data: stored } = await client.auth.getSession();
	return judge(data.user, stored.session?.access_token ?? '');
}

/** A bearer access token (scripts, other devices), checked with the auth service the same way. */
export async function checkBearer(token: string): Promise<SessionCheck> {
	const admin = adminClient();
	if (!admin) return { kind: 'none' };
	const { data } = await admin.auth.getUser(token);
	return judge(data.user, token);
}
