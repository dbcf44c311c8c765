import { sessionIdOf } from '../../lib/auth/token-claims';
import { checkCookieSession } from '../http/assurance';
import { adminClient } from '../supabase/admin-client';
import { cookieHeaderClient } from '../supabase/request-client';
import type { ConsoleAsk } from './door';
import { claimConsole } from './open';
import type { ClaimedConsole } from './serve';

/**
 * A console's WebSocket upgrade, checked in process (the way Dokploy's terminal relays check their
 * session in the upgrade handler): the session in the browser's cookies, verified by the auth
 * service and complete (its second factor given), must be the one that made the single-use token,
 * which this spends (claimConsole). Refusals: `unavailable` without the service role, `session`
 * for no or another session, `token`, and the access refusals of access.ts.
 */
export async function claimFromUpgrade(asked: ConsoleAsk): Promise<ClaimedConsole | string> {
	const admin = adminClient();
	if (!admin) return 'unavailable';
	const client = cookieHeaderClient(asked.cookie, asked.clientAddress, asked.userAgent);
	const session = await checkCookieSession(client);
	if (session.kind !== 'complete') return claimConsole(admin, asked.token, null);
	const { data } = await client.auth.getSession();
	const sessionId = sessionIdOf(data.session?.access_token ?? '');
	const caller = sessionId ? { userId: session.user.id, sessionId } : null;
	return claimConsole(admin, asked.token, caller);
}
