import type { User } from '@supabase/supabase-js';
import { getHypervisor, type ConsoleTicket } from '../hypervisor';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { signedInRecently } from '../../lib/auth/sign-in-age';
import { sessionIdOf } from '../../lib/auth/token-claims';
import { consoleAccess, type ConsoleRefusal } from './access';
import type { ClaimedConsole } from './serve';
import { consumeConsoleToken, mintConsoleToken, type ConsoleTokenOwner } from './tokens';

// The two halves of opening a console: the customer's request makes a one-time path on the site
// (logged in the service's activity), the site's WebSocket spends it, in the same sign-in session.
// Ownership and the machine's state are checked at both: a token made just before a suspension
// opens nothing. While it is open, live-access.ts keeps checking (serve.ts).

export async function openConsole(
	admin: AdminClient,
	caller: { customer: User; accessToken: string | null },
	serviceId: string,
): Promise<{ url: string } | ConsoleRefusal | 'reauthenticate'> {
	const { customer } = caller;
	const access = await consoleAccess(admin, customer.id, serviceId);
	if (typeof access === 'string') return access;
	// The session's own sign-in (its token's amr), as for every privileged VPS action
	// (src/server/vps-panel/guard.ts): another device signing in makes no old session fresh.
	if (!signedInRecently(caller.accessToken ?? '')) return 'reauthenticate';
	const sessionId = sessionIdOf(caller.accessToken ?? '');
	if (!sessionId) return 'reauthenticate';
	const token = await mintConsoleToken(admin, { userId: customer.id, sessionId }, serviceId);
	const { error } = await admin
		.from('service_activity')
		.insert({ service_id: serviceId, user_id: customer.id, event: 'console_opened' });
	if (error) logger.error('console activity not logged', { serviceId, error: error.message });
	return { url: `/console/${token}` };
}

/**
 * The console behind a token, for the session that made it (the WebSocket's own cookies), with
 * what the live check watches from then on; spends the token either way.
 */
export async function claimConsole(
	admin: AdminClient,
	token: string,
	caller: ConsoleTokenOwner | null,
): Promise<ClaimedConsole | ConsoleRefusal | 'token' | 'session'> {
	const claim = await consumeConsoleToken(admin, token);
	if (!claim) return 'token';
	if (caller?.userId !== claim.userId || caller.sessionId !== claim.sessionId) return 'session';
	const machine = await consoleAccess(admin, claim.userId, claim.serviceId);
	if (typeof machine === 'string') return machine;
	const ticket: ConsoleTicket = await getHypervisor().console(machine.ref);
	const { userId, sessionId, serviceId, createdAt } = claim;
	return {
		socket: ticket.socket,
		password: ticket.password,
		grant: { userId, sessionId, serviceId, openedAt: createdAt },
	};
}
