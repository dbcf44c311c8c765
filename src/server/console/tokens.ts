import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
	consoleViewers,
	type ConsoleKind,
	type ConsoleViewer,
} from '../../lib/domain/console-token';
import type { AdminClient } from '../supabase/admin-client';

// The console's one-time tokens: 32 random bytes in the URL the page connects to, only their
// SHA-256 in the database (either site server may take the WebSocket). Used once, within
// `consoleTokenTtlMs` of being made; consuming is one UPDATE, so two tries cannot both win. Each
// names the sign-in session that made it: only that session spends it, and the console it opens
// lives no longer than that session (live-access.ts). A token opens one console (a VPS's screen
// or a game server's console) for one viewer (its owner, or staff watching read-only): it spends
// only where it was made for.

export const consoleTokenTtlMs = 30_000;
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ConsoleTokenOwner {
	userId: string;
	sessionId: string;
}

export async function mintConsoleToken(
	admin: AdminClient,
	owner: ConsoleTokenOwner,
	serviceId: string,
	now = Date.now(),
	opens: { console: ConsoleKind; viewer: ConsoleViewer } = { console: 'vps', viewer: 'owner' },
): Promise<string> {
	const token = randomBytes(32).toString('base64url');
	const { error } = await admin.from('vps_console_tokens').insert({
		token_hash: hashOf(token),
		user_id: owner.userId,
		session_id: owner.sessionId,
		service_id: serviceId,
		expires_at: new Date(now + consoleTokenTtlMs).toISOString(),
		console: opens.console,
		viewer: opens.viewer,
	});
	if (error) throw new Error(`vps_console_tokens: ${error.message}`);
	// Spent and expired tokens are worth nothing: cleared as new ones are made.
	await admin
		.from('vps_console_tokens')
		.delete()
		.lt('expires_at', new Date(now - 3_600_000).toISOString());
	return token;
}

const claimed = z.object({
	user_id: z.string(),
	session_id: z.string(),
	service_id: z.string(),
	created_at: z.string(),
	viewer: z.enum(consoleViewers),
});

/** What a spent token names: its owner and service, and when it was made (database time). */
export interface ConsoleClaim extends ConsoleTokenOwner {
	serviceId: string;
	createdAt: string;
	viewer: ConsoleViewer;
}

/**
 * Whose console the token opens, once; null for an unknown, spent or expired token, or one made
 * for the other console.
 */
export async function consumeConsoleToken(
	admin: AdminClient,
	token: string,
	kind: ConsoleKind = 'vps',
): Promise<ConsoleClaim | null> {
	if (!tokenShape.test(token)) return null;
	const now = new Date().toISOString();
	const { data, error } = await admin
		.from('vps_console_tokens')
		.update({ used_at: now })
		.eq('token_hash', hashOf(token))
		.is('used_at', null)
		.gt('expires_at', now)
		.eq('console', kind)
		.select('user_id, session_id, service_id, created_at, viewer')
		.maybeSingle();
	if (error) throw new Error(`vps_console_tokens: ${error.message}`);
	if (!data) return null;
	const row = claimed.parse(data);
	return {
		userId: row.user_id,
		sessionId: row.session_id,
		serviceId: row.service_id,
		createdAt: row.created_at,
		viewer: row.viewer,
	};
}
