import { atom } from 'nanostores';
import {
	readSessionCookie,
	type CookieSession,
	type SessionUser,
} from '../lib/auth/session-cookie';

/** Supabase's auth events, as this browser can observe them. */
export type AuthEvent =
	| 'INITIAL_SESSION'
	| 'SIGNED_IN'
	| 'SIGNED_OUT'
	| 'TOKEN_REFRESHED'
	| 'USER_UPDATED'
	| 'PASSWORD_RECOVERY';

export interface SessionState {
	user: SessionUser | null;
	event: AuthEvent;
}

/**
 * The signed-in customer for every island, mirrored from the session cookies the server writes.
 * Each change is classified as the auth event it is; other tabs catch up when they regain focus.
 */
export const $session = atom<SessionState>({ user: null, event: 'INITIAL_SESSION' });

let last: CookieSession | null | undefined;

/** Reads the cookies and, when the session changed, publishes it with the event that changed it. */
export function syncSession(cookieHeader: string, path = ''): SessionState {
	const found = readSessionCookie(cookieHeader);
	if (last !== undefined && found?.accessToken === last?.accessToken) return $session.get();
	let event: AuthEvent;
	if (last === undefined) event = 'INITIAL_SESSION';
	else if (!found) event = 'SIGNED_OUT';
	else if (!last || last.user.id !== found.user.id)
		event = /\/reset-password$/.test(path) ? 'PASSWORD_RECOVERY' : 'SIGNED_IN';
	else
		event =
			JSON.stringify(last.user) === JSON.stringify(found.user) ? 'TOKEN_REFRESHED' : 'USER_UPDATED';
	last = found;
	const state = { user: found?.user ?? null, event };
	$session.set(state);
	return state;
}

export function forgetSessionForTests(): void {
	last = undefined;
	$session.set({ user: null, event: 'INITIAL_SESSION' });
}

/** Starts mirroring in a browser: now, whenever the page is shown again, and every 30 seconds. */
export function watchSession(): void {
	const sync = () => syncSession(document.cookie, location.pathname);
	sync();
	for (const name of ['focus', 'pageshow', 'visibilitychange']) window.addEventListener(name, sync);
	setInterval(sync, 30_000);
}
