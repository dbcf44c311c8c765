import { setTimeout as sleep } from 'node:timers/promises';
import type { PanelHttp } from './pterodactyl-http';
import { statsSchema } from './pterodactyl-schemas';
import type { ServerRef } from './types';

// Stopping a server and waiting until it is offline, before something replaces its files: a
// restore (Wings would extract over a running server) or a reinstall (Wings gives the server only
// 10 s before it kills it, too short for a big world to save).

export interface StopOptions {
	/** How long to wait for the server to stop before killing it. */
	stopWaitMs?: number;
	/** How often to look meanwhile, at most (the panel caches `/resources` for 20 s). */
	pollMs?: number;
}

export async function stopAndWait(http: PanelHttp, ref: ServerRef, options: StopOptions = {}) {
	const server = `/servers/${encodeURIComponent(ref.identifier)}`;
	const current = async () =>
		(await http.get('client', `${server}/resources`, statsSchema)).attributes.current_state;
	if ((await current()) === 'offline') return;
	await http.send('client', 'POST', `${server}/power`, { signal: 'stop' });
	const deadline = Date.now() + (options.stopWaitMs ?? 90_000);
	// Soon at first (most servers stop in a moment), then every `pollMs`.
	for (let wait = 250; Date.now() < deadline; wait = Math.min(wait * 2, options.pollMs ?? 2_000)) {
		await sleep(wait);
		if ((await current()) === 'offline') return;
	}
	// Its files are about to be replaced: nothing a kill can lose now.
	await http.send('client', 'POST', `${server}/power`, { signal: 'kill' });
}
