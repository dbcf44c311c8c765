import { sessionIdOf } from '../../lib/auth/token-claims';
import type { ConsoleAsk } from '../console/door';
import { checkCookieSession } from '../http/assurance';
import { adminClient } from '../supabase/admin-client';
import { cookieHeaderClient } from '../supabase/request-client';
import { claimGameConsole } from './open';
import type { ClaimedGameConsole } from './serve';

/**
 * A game console's WebSocket upgrade, checked in process as the VPS console's is
 * (src/server/console/claim-upgrade.ts): the session in the browser's cookies, complete (its
 * second factor given), must be the one that made the single-use token, which this spends.
 */
export async function claimGameFromUpgrade(
	asked: ConsoleAsk,
): Promise<ClaimedGameConsole | string> {
	const admin = adminClient();
	if (!admin) return 'unavailable';
	const client = cookieHeaderClient(asked.cookie, asked.clientAddress, asked.userAgent);
	const session = await checkCookieSession(client);
	if (session.kind !== 'complete') return claimGameConsole(admin, asked.token, null);
	const { data } = await client.auth.getSession();
	const sessionId = sessionIdOf(data.session?.access_token ?? '');
	const twoFactor = session.level === 'aal2';
	const caller = sessionId ? { userId: session.user.id, sessionId, twoFactor } : null;
	return claimGameConsole(admin, asked.token, caller);
}
