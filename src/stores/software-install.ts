import { atom } from 'nanostores';
import type { ModpackVersionView } from '../lib/modpacks/views';
import type { InstallView, ServerDetail, ServerSoftware } from '../lib/panel/types';
import { $live, $server } from './game-server';
import { getJson, sendJson } from './panel-fetch';

// A Minecraft server's software changes (a software and version, a modpack, a pack's removal):
// asked for here, answered 202 at once, then followed on the server's own read until installed or
// failed. The server page and the Modpacks tab share it, over the server page's store.

/** A refusal or outcome to show; `upgradeUrl` where the answer says how to buy what is missing. */
export interface InstallNotice {
	kind: 'success' | 'error';
	text: string;
	code?: string;
	upgradeUrl?: string | null;
}

/** The write under way (`software`, `modpack:<versionId>`, `remove`, `update`) and the last outcome. */
export const $installBusy = atom<string | null>(null);
export const $installNotice = atom<InstallNotice | null>(null);

let serverId = '';
let failure = '';
let fetcher: typeof fetch = (...args) => fetch(...args);

/** Which server this page changes, the message for a failure without one, and (tests) the fetch. */
export function installsFor(id: string, fallback: string, withFetch?: typeof fetch) {
	serverId = id;
	failure = fallback;
	if (withFetch) fetcher = withFetch;
}

/** What a Minecraft server runs and its latest change; null for another game. */
export function minecraftOf(server: ServerDetail): ServerSoftware | null {
	return server.game === 'minecraft' ? server : null;
}

type InstalledModpack = NonNullable<ServerSoftware['modpack']>;

const currentInstall = (): InstallView | null => {
	const loaded = $server.get();
	return loaded.state === 'ready' ? (minecraftOf(loaded.data)?.install ?? null) : null;
};

export const installing = () => currentInstall()?.status === 'installing';

/** A path on this site, never another origin (`//evil`, `/\evil`, `https:`), with the page's prefix. */
export function sitePath(url: unknown, prefix: string): string | null {
	if (typeof url !== 'string' || !/^\/(?![/\\])/.test(url)) return null;
	return prefix && !url.startsWith(`${prefix}/`) ? `${prefix}${url}` : url;
}

async function send(
	busy: string,
	method: 'POST' | 'PUT' | 'DELETE',
	path: string,
	body: object | undefined,
): Promise<boolean> {
	if ($installBusy.get() || installing()) return false;
	$installBusy.set(busy);
	$installNotice.set(null);
	const answer = await sendJson<{ install: InstallView }>(
		method,
		`/api/services/${encodeURIComponent(serverId)}/${path}`,
		body,
		failure,
		fetcher,
	);
	$installBusy.set(null);
	if (!answer.ok) {
		const { upgradeUrl } = answer.details;
		$installNotice.set({
			kind: 'error',
			text: answer.message,
			code: answer.code,
			upgradeUrl: typeof upgradeUrl === 'string' ? upgradeUrl : null,
		});
		return false;
	}
	// The progress shows at once; following the server's read takes it from here.
	const loaded = $server.get();
	if (loaded.state === 'ready')
		$server.set({ state: 'ready', data: { ...loaded.data, install: answer.data.install } });
	return true;
}

export function changeSoftware(
	choice: { software: string; minecraftVersion: string; freshWorld: boolean },
	locale: string,
) {
	return send('software', 'PUT', 'software', { ...choice, locale });
}

export function installModpack(
	choice: { projectId: string; versionId: string; freshWorld: boolean },
	locale: string,
	busy = `modpack:${choice.versionId}`,
) {
	return send(busy, 'POST', 'modpack', { ...choice, locale });
}

/** Back to plain server software; the worlds stay. */
export function removeModpack() {
	return send('remove', 'DELETE', 'modpack', undefined);
}

export type Newer =
	| { state: 'newer'; version: ModpackVersionView }
	| { state: 'current' }
	| { state: 'error'; message: string };

/**
 * The pack's newest version a server can install on the same loader, when it is not the one
 * installed (the versions come newest first). The customer confirms before it is installed.
 */
export async function newerVersion(modpack: InstalledModpack): Promise<Newer> {
	$installNotice.set(null);
	const query = new URLSearchParams({ loader: modpack.loader });
	const answer = await getJson<{ versions: ModpackVersionView[] }>(
		`/api/modpacks/${encodeURIComponent(modpack.projectId)}/versions?${query}`,
		failure,
		fetcher,
	);
	if (answer.state !== 'ready')
		return { state: 'error', message: answer.state === 'error' ? answer.message : failure };
	const newest = answer.data.versions.find((version) => version.serverPack !== false);
	return newest && newest.id !== modpack.versionId
		? { state: 'newer', version: newest }
		: { state: 'current' };
}

/**
 * Reads the server again every `everyMs` while a change is installing and the page is visible
 * (a local check otherwise, no request), so the step and the outcome show as they come. A failed
 * read keeps what the page shows. Returns the stop function for effects.
 */
export function followInstall(everyMs = 2000): () => void {
	let stopped = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
	const tick = async () => {
		if (installing() && visible()) {
			const answer = await getJson<ServerDetail>(
				`/api/panel/servers/${encodeURIComponent(serverId)}`,
				failure,
				fetcher,
			);
			if (answer.state === 'ready' && !stopped) {
				$server.set(answer);
				$live.set(answer.data.live);
			}
		}
		if (!stopped) timer = setTimeout(() => void tick(), everyMs);
	};
	timer = setTimeout(() => void tick(), everyMs);
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}

/**
 * "Update to the newest version": the newer version for the customer to confirm, or null after
 * saying there is none (`newest`, in their words) or why it could not be asked.
 */
export async function findUpdate(
	modpack: InstalledModpack,
	newest: string,
): Promise<ModpackVersionView | null> {
	if ($installBusy.get() || installing()) return null;
	$installBusy.set('update');
	const found = await newerVersion(modpack);
	$installBusy.set(null);
	if (found.state === 'newer') return found.version;
	$installNotice.set(
		found.state === 'current'
			? { kind: 'success', text: newest }
			: { kind: 'error', text: found.message },
	);
	return null;
}
