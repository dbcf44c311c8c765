import type { User } from '@supabase/supabase-js';
import { getGamePanel, type GamePanel, type ServerRef } from '../game-panel';
import { ownedOnPanel, type Owned } from '../servers/owned';
import type { AdminClient } from '../supabase/admin-client';
import { toolRefusal, type ToolRefusal } from './refusals';

/**
 * One panel call on the customer's own active server: the servers' door first (not theirs: not
 * found; suspended, ended, being set up: that refusal), then the call, its failure as a refusal.
 */
export async function onOwnServer<T>(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	call: (panel: GamePanel, ref: ServerRef, service: Owned) => Promise<T>,
	about: 'backup' | 'server' = 'server',
): Promise<T | ToolRefusal> {
	const owned = await ownedOnPanel(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	return viaPanel(() => call(getGamePanel(), owned.ref, owned.service), about);
}

/** A panel call whose failure becomes the refusal the customer (or staff) is told. */
export async function viaPanel<T>(
	call: () => Promise<T>,
	about: 'backup' | 'server' = 'server',
): Promise<T | ToolRefusal> {
	try {
		return await call();
	} catch (error) {
		return toolRefusal(error, about);
	}
}
