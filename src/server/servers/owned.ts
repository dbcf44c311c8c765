import type { User } from '@supabase/supabase-js';
import { hasEnded } from '../../lib/domain/service-status';
import { isUuid } from '../../lib/uuid';
import { refOf } from '../billing/panel-steps';
import { GamePanelConflictError, GamePanelNotFoundError, type ServerRef } from '../game-panel';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';

// The door every action on a customer's game server goes through (power, passwords, settings,
// backups, files): theirs, active and on the panel, or the refusal that says why not. A server
// that is not the customer's is 'not_found', whatever it is.

export type ServerRefusal =
	| 'not_found'
	| 'suspended'
	| 'ended'
	| 'not_ready'
	| 'not_on_panel'
	| 'panel_refused'
	| 'panel_unavailable';

export interface Owned {
	id: string;
	status: string;
	panel_server_id: string | null;
	panel_identifier: string | null;
}

/** The customer's server and its place on the game panel, or why nothing may be done to it. */
export async function ownedOnPanel(
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
		.eq('product_type', 'game')
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
export function panelRefusal(error: unknown): ServerRefusal {
	if (error instanceof GamePanelConflictError) return 'panel_refused';
	if (error instanceof GamePanelNotFoundError) return 'not_on_panel';
	logger.error('game panel call failed', { error });
	return 'panel_unavailable';
}

/** One line in the server's activity, written only for the customer's own server. */
export async function recordAction(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	event: string,
	detail: Record<string, string | number | boolean | null> = {},
): Promise<void> {
	const { error } = await admin.rpc('record_server_action', {
		customer: customer.id,
		service: serviceId,
		event,
		detail,
	});
	if (error) throw new Error(`record_server_action: ${error.message}`);
}
