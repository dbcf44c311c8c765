import type { User } from '@supabase/supabase-js';
import { getHypervisor, type ConsoleTicket } from '../hypervisor';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { signedInRecently } from '../../lib/auth/sign-in-age';
import { consoleAccess, type ConsoleRefusal } from './access';
import { consumeConsoleToken, mintConsoleToken } from './tokens';

// The two halves of opening a console: the customer's request makes a one-time path on the site
// (logged in the service's activity), the site's WebSocket spends it. Ownership and the machine's
// state are checked at both: a token made just before a suspension opens nothing.

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
	const token = await mintConsoleToken(admin, customer.id, serviceId);
	const { error } = await admin
		.from('service_activity')
		.insert({ service_id: serviceId, user_id: customer.id, event: 'console_opened' });
	if (error) logger.error('console activity not logged', { serviceId, error: error.message });
	return { url: `/console/${token}` };
}

/** The console behind a token, for the caller who made it; spends the token either way. */
export async function claimConsole(
	admin: AdminClient,
	token: string,
	callerId: string | undefined,
): Promise<ConsoleTicket | ConsoleRefusal | 'token' | 'session'> {
	const claim = await consumeConsoleToken(admin, token);
	if (!claim) return 'token';
	if (callerId !== claim.userId) return 'session';
	const machine = await consoleAccess(admin, claim.userId, claim.serviceId);
	if (typeof machine === 'string') return machine;
	return getHypervisor().console(machine.ref);
}
