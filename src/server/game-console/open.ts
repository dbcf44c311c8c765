import { signedInRecently } from '../../lib/auth/sign-in-age';
import { sessionIdOf } from '../../lib/auth/token-claims';
import { mintConsoleToken, consumeConsoleToken, type ConsoleTokenOwner } from '../console/tokens';
import { GamePanelConflictError, getGamePanel, type GamePanel } from '../game-panel';
import { logger } from '../log/logger';
import type { ServerRefusal } from '../servers/actions';
import type { AdminClient } from '../supabase/admin-client';
import { gameConsoleAccess, type ConsoleViewerOf } from './access';
import type { ClaimedGameConsole } from './serve';

// The two halves of opening a game server's console, as for a VPS's (src/server/console/open.ts):
// the request makes a one-time path on the site, the site's WebSocket spends it in the same
// sign-in session. Who may is checked at both, so a token made just before a suspension opens
// nothing; while it is open, the live check keeps asking (serve.ts).

export interface GameConsoleCaller extends ConsoleViewerOf {
	/** The session's access token: its sign-in time (`amr`) and its session id. */
	accessToken: string | null;
}

export type OpenRefusal = ServerRefusal | 'reauthenticate';

/** States in which the panel has no console to give (Wings: installing, or never installed). */
const noConsole = new Set(['installing', 'install_failed']);

export async function openGameConsole(
	admin: AdminClient,
	caller: GameConsoleCaller,
	serviceId: string,
	panel: GamePanel = getGamePanel(),
): Promise<{ url: string; ownerId: string } | OpenRefusal> {
	const access = await gameConsoleAccess(admin, caller, serviceId);
	if (typeof access === 'string') return access;
	// A recent sign-in of this very session, as the VPS console asks (src/lib/auth/sign-in-age.ts).
	const token = caller.accessToken ?? '';
	const sessionId = sessionIdOf(token);
	if (!signedInRecently(token) || !sessionId) return 'reauthenticate';
	try {
		if (noConsole.has((await panel.state(access.ref)).state)) return 'panel_refused';
	} catch (error) {
		logger.error('game panel state failed', { serviceId, error });
		return 'panel_unavailable';
	}
	const minted = await mintConsoleToken(
		admin,
		{ userId: caller.userId, sessionId },
		serviceId,
		Date.now(),
		{ console: 'game', viewer: caller.viewer },
	);
	// Staff's watching goes to the staff audit log (their route), not the customer's activity.
	if (caller.viewer === 'owner') {
		const { error } = await admin
			.from('service_activity')
			.insert({ service_id: serviceId, user_id: caller.userId, event: 'console_opened' });
		if (error) logger.error('console activity not logged', { serviceId, error: error.message });
	}
	return { url: `/game-console/${minted}`, ownerId: access.ownerId };
}

/**
 * The console behind a token, for the session that made it (the WebSocket's own cookies): the
 * panel's session, who watches and the server's state. Spends the token either way.
 */
export async function claimGameConsole(
	admin: AdminClient,
	token: string,
	caller: (ConsoleTokenOwner & { twoFactor: boolean }) | null,
	panel: GamePanel = getGamePanel(),
): Promise<ClaimedGameConsole | ServerRefusal | 'token' | 'session'> {
	const claim = await consumeConsoleToken(admin, token, 'game');
	if (!claim) return 'token';
	if (caller?.userId !== claim.userId || caller.sessionId !== claim.sessionId) return 'session';
	const { userId, sessionId, serviceId, createdAt, viewer } = claim;
	// Staff watch only with two-factor sign-in, as the staff console itself asks.
	if (viewer === 'staff' && !caller.twoFactor) return 'session';
	const access = await gameConsoleAccess(admin, { userId, viewer }, serviceId);
	if (typeof access === 'string') return access;
	try {
		const { state } = await panel.state(access.ref);
		const session = await panel.openConsole(access.ref);
		return { session, viewer, state, grant: { userId, sessionId, serviceId, openedAt: createdAt } };
	} catch (error) {
		if (error instanceof GamePanelConflictError) return 'panel_refused';
		throw error;
	}
}
