import { atom } from 'nanostores';
import { panelResource, postJson } from './panel-fetch';

// The profile's saved SSH keys: the list, adding one under a name, deleting one. The server checks
// each key (and its limit); the list is read again after every change.

export interface SshKeyItem {
	id: string;
	name: string;
	fingerprint: string;
	publicKey: string;
	createdAt: string;
}

const list = panelResource<{ keys: SshKeyItem[] }>();
export const $sshKeys = list.$data;
export const $sshKeyError = atom<string | null>(null);
export const $sshKeyBusy = atom(false);

let failure = '';

export function loadSshKeys(fallback: string, fetcher?: typeof fetch): Promise<void> {
	failure = fallback;
	return list.load('/api/ssh-keys', fallback, fetcher);
}

async function change(url: string, body: unknown, fetcher?: typeof fetch): Promise<boolean> {
	if ($sshKeyBusy.get()) return false;
	$sshKeyBusy.set(true);
	const answer = await postJson(url, body, failure, fetcher);
	$sshKeyError.set(answer.ok ? null : answer.message);
	if (answer.ok) await list.load('/api/ssh-keys', failure, fetcher);
	$sshKeyBusy.set(false);
	return answer.ok;
}

export const addSshKey = (
	key: { name: string; publicKey: string; locale: string },
	fetcher?: typeof fetch,
) => change('/api/ssh-keys', key, fetcher);

export const deleteSshKey = (id: string, locale: string, fetcher?: typeof fetch) =>
	change(`/api/ssh-keys/${id}/delete`, { locale }, fetcher);
