import { hasEnded } from '../../lib/domain/service-status';
import type { User } from '@supabase/supabase-js';
import { isUuid } from '../../lib/uuid';
import { refOf } from '../billing/panel-steps';
import {
	GamePanelConflictError,
	GamePanelNotFoundError,
	getGamePanel,
	type PanelCredentials,
	type PowerSignal,
	type ServerRef,
} from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { liveStatus } from './live';
import { logger } from '../log/logger';

// What a customer does to their server from the panel. The game panel acts first; the activity
// log records what it did. A server that is not the customer's is 'not_found', whatever it is.

export type ServerRefusal =
	| 'not_found'
	| 'suspended'
	| 'ended'
	| 'not_ready'
	| 'not_on_panel'
	| 'panel_refused'
	| 'panel_unavailable';

interface Owned {
	id: string;
	status: string;
	panel_server_id: string | null;
	panel_identifier: string | null;
}

/** The customer's server and its place on the game panel, or why nothing may be done to it. */
async function ownedOnPanel(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<{ service: Owned; ref: ServerRef } | ServerRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: service, error } = await admin
		.from('services')
		.select('id, status, panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!service) return 'not_found';
	if (service.status === 'suspended') return 'suspended';
	if (hasEnded(service.status)) return 'ended';
	if (service.status !== 'active') return 'not_ready';
	const ref = refOf(service);
	return ref ? { service, ref } : 'not_on_panel';
}

/** The panel's refusals as the customer's; anything else (down, misconfigured) is unavailable. */
function panelRefusal(error: unknown): ServerRefusal {
	if (error instanceof GamePanelConflictError) return 'panel_refused';
	if (error instanceof GamePanelNotFoundError) return 'not_on_panel';
	logger.error('game panel call failed', { error });
	return 'panel_unavailable';
}

const loggedAs = {
	start: 'started',
	stop: 'stopped',
	restart: 'restarted',
	kill: 'stopped',
} as const;

async function record(admin: AdminClient, customer: User, id: string, event: string, detail = {}) {
	const { error } = await admin.rpc('record_server_action', {
		customer: customer.id,
		service: id,
		event,
		detail,
	});
	if (error) throw new Error(`record_server_action: ${error.message}`);
}

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
