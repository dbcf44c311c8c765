import { atom } from 'nanostores';
import type { BackupList, BackupView } from '../lib/game-tools/types';
import { getJson, panelResource, sendJson } from './panel-fetch';

// A game server's backups page: the list (followed while a backup is being made), and what the
// customer does to it. Every answer's message is the server's, in the customer's language.

const list = panelResource<BackupList>();
export const $backups = list.$data;
/** The action under way (`create`, `restore:<id>`, …) and the last outcome's message. */
export const $backupsBusy = atom<string | null>(null);
export const $backupsNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

let serverId = '';
let failure = '';
let fetcher: typeof fetch = (...args) => fetch(...args);

const base = () => `/api/services/${encodeURIComponent(serverId)}/backups`;

export function loadBackups(id: string, fallback: string, withFetch?: typeof fetch) {
	serverId = id;
	failure = fallback;
	if (withFetch) fetcher = withFetch;
	return list.load(base(), fallback, fetcher);
}

export const inProgress = (loaded = $backups.get()) =>
	loaded.state === 'ready' && loaded.data.backups.some((b) => b.state === 'in_progress');

/** Backups that count against the plan's limit: all but failed ones, as the panel counts. */
export const usedOf = (backups: BackupView[]) => backups.filter((b) => b.state !== 'failed').length;

/**
 * Reads the list again every `everyMs` while a backup is being made (a local check otherwise, no
 * request), so a new backup shows as done when it is; returns the stop function for effects.
 */
export function followBackups(everyMs = 1500): () => void {
	let stopped = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const tick = async () => {
		if (inProgress()) await list.load(base(), failure, fetcher);
		if (!stopped) timer = setTimeout(() => void tick(), everyMs);
	};
	timer = setTimeout(() => void tick(), everyMs);
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}

async function act<T>(
	busy: string,
	method: 'POST' | 'DELETE',
	path: string,
	body: object | undefined,
	success: string,
	reload = true,
): Promise<T | null> {
	if ($backupsBusy.get()) return null;
	$backupsBusy.set(busy);
	$backupsNotice.set(null);
	const answer = await sendJson<T>(method, `${base()}${path}`, body, failure, fetcher);
	$backupsBusy.set(null);
	$backupsNotice.set(
		answer.ok ? { kind: 'success', text: success } : { kind: 'error', text: answer.message },
	);
	if (answer.ok && reload) await list.load(base(), failure, fetcher);
	return answer.ok ? answer.data : null;
}

export function createBackup(name: string, locale: string, success: string) {
	const trimmed = name.trim();
	return act('create', 'POST', '', { ...(trimmed ? { name: trimmed } : {}), locale }, success);
}

export function setLocked(id: string, locked: boolean, locale: string, success: string) {
	return act(`lock:${id}`, 'POST', `/${encodeURIComponent(id)}/lock`, { locked, locale }, success);
}

/**
 * The list stays as it is: a restore changes no backup, and the panel refuses reads (the list
 * too) until it has finished, which would replace the list with that refusal.
 */
export function restoreBackup(id: string, truncate: boolean, locale: string, success: string) {
	const body = { confirm: true, truncate, locale };
	const path = `/${encodeURIComponent(id)}/restore`;
	return act(`restore:${id}`, 'POST', path, body, success, false);
}

export function deleteBackup(id: string, success: string) {
	return act(`delete:${id}`, 'DELETE', `/${encodeURIComponent(id)}`, undefined, success);
}

/** Asks for a short-lived link and hands it to `open` (the page navigates to it). */
export async function downloadBackup(id: string, open: (url: string) => void) {
	$backupsNotice.set(null);
	const answer = await getJson<{ url: string }>(
		`${base()}/${encodeURIComponent(id)}/download`,
		failure,
		fetcher,
	);
	if (answer.state === 'ready') open(answer.data.url);
	else if (answer.state === 'error') $backupsNotice.set({ kind: 'error', text: answer.message });
}
