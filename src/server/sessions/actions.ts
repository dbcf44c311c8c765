import type { UiKey } from '../../i18n';
import type { SessionAction } from '../../lib/account/sessions';
import type { RequestClient } from '../supabase/request-client';
import { currentSessionId } from './queries';

export type SessionOutcome =
	{ ok: true; signedOut: boolean } | { ok: false; status: number; code: string; message: UiKey };

/**
 * Ends sessions of the signed-in customer, as the customer: one of the others (end_my_session only
 * deletes the caller's own rows, and the refresh tokens go with it), all others (Auth's logout
 * scope=others) or all, this one included (scope=global, every refresh token revoked).
 */
export async function endSessions(
	supabase: RequestClient,
	request: SessionAction,
): Promise<SessionOutcome> {
	if (request.action === 'everywhere') {
		const { error } = await supabase.auth.signOut({ scope: 'global' });
		if (error) return unavailable;
		return { ok: true, signedOut: true };
	}
	if (request.action === 'others') {
		const { error } = await supabase.auth.signOut({ scope: 'others' });
		if (error) return unavailable;
		return { ok: true, signedOut: false };
	}
	// This session is ended by signing out, which also clears this browser's cookies.
	if (request.sessionId === (await currentSessionId(supabase)))
		return { ok: false, status: 400, code: 'current_session', message: 'sessions.error.current' };
	const { data, error } = await supabase.rpc('end_my_session', { session_id: request.sessionId });
	if (error) return unavailable;
	if (!data)
		return { ok: false, status: 404, code: 'not_found', message: 'sessions.error.notFound' };
	return { ok: true, signedOut: false };
}

const unavailable: SessionOutcome = {
	ok: false,
	status: 503,
	code: 'unavailable',
	message: 'sessions.error.unavailable',
};
