import { getGamePanel, GamePanelNotFoundError, type ServerRef } from '../game-panel';

// A state change the game panel must make first (suspend, unsuspend, delete) and the database
// records after: if the panel is down the step waits for the next run, and a run that died between
// the two repeats the panel call, which is idempotent. Billing reaches it through host-steps.ts,
// which sends a VPS machine's steps to the hypervisor instead.

export type BillingState = 'suspended' | 'active' | 'terminated' | 'cancelled';

export interface PanelHeld {
	id: string;
	panel_server_id: string | null;
	panel_identifier: string | null;
}

/** Where the service's server is on the game panel; null when it has none (or a foreign id). */
export function refOf(service: Omit<PanelHeld, 'id'>): ServerRef | null {
	const id = Number(service.panel_server_id);
	return Number.isInteger(id) && id > 0 && service.panel_identifier
		? { panelServerId: id, identifier: service.panel_identifier }
		: null;
}

/** The panel's side of a state change, for a service that has a server there (else nothing). */
export async function onPanel(state: BillingState, service: PanelHeld): Promise<void> {
	const ref = refOf(service);
	if (!ref) return;
	const panel = getGamePanel();
	try {
		if (state === 'suspended') await panel.suspend(ref);
		else if (state === 'active') await panel.unsuspend(ref);
		else await panel.delete(ref);
	} catch (error) {
		// Already gone is what deleting wanted.
		if (state !== 'suspended' && state !== 'active' && error instanceof GamePanelNotFoundError)
			return;
		throw error;
	}
}
