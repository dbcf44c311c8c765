import type { User } from '@supabase/supabase-js';
import { getGamePanel, type PanelCredentials, type PowerSignal } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { liveStatus } from './live';
import { ownedOnPanel, panelRefusal, recordAction as record, type ServerRefusal } from './owned';

// What a customer does to their server from the panel. The game panel acts first; the activity
// log records what it did (owned.ts: the door and the record every action shares).

export type { ServerRefusal } from './owned';

const loggedAs = {
	start: 'started',
	stop: 'stopped',
	restart: 'restarted',
	kill: 'stopped',
} as const;

/** Start, stop, restart or kill; answers the state the panel reports right after. */
export async function powerServer(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	signal: PowerSignal,
) {
	const owned = await ownedOnPanel(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	try {
		await getGamePanel().power(owned.ref, signal);
	} catch (error) {
		return panelRefusal(error);
	}
	await record(admin, customer, serviceId, loggedAs[signal], signal === 'kill' ? { signal } : {});
	return { live: await liveStatus(owned.service) };
}

/** A new password for the customer's game panel account, shown once and never stored. */
export async function resetServerPassword(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<{ credentials: PanelCredentials } | ServerRefusal> {
	const owned = await ownedOnPanel(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	let credentials: PanelCredentials;
	try {
		credentials = await getGamePanel().resetPanelPassword(owned.ref);
	} catch (error) {
		return panelRefusal(error);
	}
	await record(admin, customer, serviceId, 'password_reset');
	return { credentials };
}
