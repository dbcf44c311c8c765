import { atom } from 'nanostores';
import type { SessionAction, SessionView } from '../lib/account/sessions';
import { panelResource, postJson } from './panel-fetch';

// The Security tab's sessions: the list, and ending one, all others or all. The server decides
// (only the customer's own sessions); the list is read again after every change.

const sessions = panelResource<{ sessions: SessionView[] }>();
export const $sessions = sessions.$data;

export const $sessionNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);
/** The session id (or 'others' / 'everywhere') being ended, while its request runs. */
export const $sessionBusy = atom<string | null>(null);

const url = '/api/panel/sessions';
let failure = '';

export function loadSessions(fallback: string, fetcher?: typeof fetch): Promise<void> {
	failure = fallback;
	return sessions.load(url, fallback, fetcher);
}

/**
 * Sends `action`; `success` is the notice shown when it worked. After "everywhere" this browser is
 * signed out too, so it goes to `signInPath` instead.
 */
export async function endSessions(
	action: SessionAction,
	locale: string,
	success: string,
	signInPath: string,
	fetcher?: typeof fetch,
): Promise<void> {
	if ($sessionBusy.get()) return;
	$sessionBusy.set(action.action === 'end' ? action.sessionId : action.action);
	const answer = await postJson<{ signedOut: boolean }>(
		url,
		{ ...action, locale },
		failure,
		fetcher,
	);
	if (answer.ok && answer.data.signedOut) {
		window.location.assign(signInPath);
		return;
	}
	$sessionNotice.set(
		answer.ok ? { kind: 'success', text: success } : { kind: 'error', text: answer.message },
	);
	await sessions.load(url, failure, fetcher);
	$sessionBusy.set(null);
}
