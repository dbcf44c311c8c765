import type { GamePowerAction } from '../lib/domain/power';
import { atom } from 'nanostores';
import type { LiveStatus, ServerDetail } from '../lib/panel/types';
import { getJson, panelResource, postJson } from './panel-fetch';

// One server's page: its data, its live state followed while the page is open, and what the
// customer does to it. Every action answers with the server's own message in their language.

const server = panelResource<ServerDetail>();
export const $server = server.$data;

/** The game panel's state, refreshed while the page is open (null until asked, or not on a panel). */
export const $live = atom<LiveStatus | null>(null);
/** The action under way ('start', 'password', 'settings', …) and the last outcome's message. */
export const $serverBusy = atom<string | null>(null);
export const $serverNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

let failure = '';
let serverId = '';

export async function loadServer(id: string, fallback: string, fetcher?: typeof fetch) {
	failure = fallback;
	serverId = id;
	await server.load(`/api/panel/servers/${encodeURIComponent(id)}`, fallback, fetcher);
	const loaded = $server.get();
	if (loaded.state === 'ready') $live.set(loaded.data.live);
}

async function refreshLive(fetcher?: typeof fetch): Promise<void> {
	const answer = await getJson<{ status: string; live: LiveStatus | null }>(
		`/api/panel/servers/${encodeURIComponent(serverId)}/live`,
		failure,
		fetcher,
	);
	if (answer.state === 'ready') $live.set(answer.data.live);
}

const settling = new Set(['starting', 'stopping', 'installing']);
let kick: (() => void) | null = null;

/**
 * Follows the live state: every 10 s, every second while it is changing (starting, stopping), and
 * again a second after each action. Returns the stop function for effects.
 */
export function followLive(fetcher?: typeof fetch): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	let stopped = false;
	const schedule = (ms: number) => {
		clearTimeout(timer);
		if (!stopped) timer = setTimeout(() => void tick(), ms);
	};
	const tick = async () => {
		if (document.visibilityState === 'visible') await refreshLive(fetcher);
		schedule(settling.has($live.get()?.state ?? '') ? 1000 : 10_000);
	};
	kick = () => schedule(1000);
	schedule(1000);
	return () => {
		stopped = true;
		kick = null;
		clearTimeout(timer);
	};
}

async function act<T>(busy: string, path: string, body: object, done?: (data: T) => string) {
	if ($serverBusy.get()) return null;
	$serverBusy.set(busy);
	$serverNotice.set(null);
	const answer = await postJson<T>(
		`/api/services/${encodeURIComponent(serverId)}/${path}`,
		body,
		failure,
	);
	$serverBusy.set(null);
	if (!answer.ok) {
		$serverNotice.set({ kind: 'error', text: answer.message });
		return null;
	}
	if (done) $serverNotice.set({ kind: 'success', text: done(answer.data) });
	return answer.data;
}

export async function power(action: Exclude<GamePowerAction, 'kill'>, locale: string) {
	const answer = await act<{ live: LiveStatus | null }>(action, 'power', { action, locale });
	if (answer) $live.set(answer.live);
	kick?.();
	// The activity log has a new line: read the page again (it stays shown while that happens).
	if (answer) await loadServer(serverId, failure);
}

export interface PanelCredentials {
	username: string;
	password: string;
	sftp: { host: string; port: number; username: string };
}

/** A new game panel password, returned once for the page to show; the activity gains a line. */
export async function resetPassword(locale: string) {
	const answer = await act<{ credentials: PanelCredentials }>('password', 'password', { locale });
	if (answer) void loadServer(serverId, failure);
	return answer;
}

export async function saveSettings(
	settings: { label: string; dailyRestartAt: string | null; dailyBackupAt: string | null },
	locale: string,
	success: string,
) {
	const answer = await act('settings', 'settings', { ...settings, locale }, () => success);
	if (answer) await loadServer(serverId, failure);
}

/** Sets or changes the server's subdomain label; the page then shows the new address. */
export async function saveSubdomain(
	subdomain: string,
	locale: string,
	done: (answer: { label: string; address: string | null; dns: string | null }) => string,
) {
	const answer = await act('subdomain', 'subdomain', { subdomain, locale }, done);
	if (answer) await loadServer(serverId, failure);
	return answer !== null;
}

/** Withdraws a pending cancellation ("keep server"), then shows the server as it now is. */
export async function keepServer(locale: string, success: string) {
	const answer = await act('keep', 'keep', { locale }, () => success);
	if (answer) await loadServer(serverId, failure);
}

/**
 * Ends the server's pause now (the unused days come back, the server starts), then shows it as it
 * is: active, its due date moved back, its live state followed again. True when it resumed.
 */
export async function resumeServer(
	locale: string,
	done: (answer: { periodEnd: string | null; daysReturned: number }) => string,
) {
	const answer = await act('resume', 'resume', { locale }, done);
	if (!answer) return false;
	await loadServer(serverId, failure);
	kick?.();
	return true;
}
