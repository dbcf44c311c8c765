import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import { loadMachine, type VpsMachine } from '../vps/machine';

// The customer's VPS and whether anything may be done to it now. Another customer's id, a game
// server's or no id at all is 'not_found': nobody learns what exists. The refusals say why.

export type VpsRefusal = 'not_found' | 'not_vps' | 'suspended' | 'ended' | 'not_ready';

const serviceRow = z.object({ id: z.string(), status: z.string(), ram_gb: z.number().int() });

export interface OwnedVps {
	ramGb: number;
	machine: VpsMachine;
}

export async function ownedVps(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<OwnedVps | VpsRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data, error } = await admin
		.from('services')
		.select('id, status, ram_gb')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!data) return 'not_found';
	const service = serviceRow.parse(data);
	const machine = await loadMachine(admin, serviceId);
	// Theirs, but a game server: the caller may have another door for it (the password route).
	if (!machine) return 'not_vps';
	if (service.status === 'suspended') return 'suspended';
	if (service.status === 'cancelled' || service.status === 'terminated') return 'ended';
	if (service.status !== 'active') return 'not_ready';
	return { ramGb: service.ram_gb, machine };
}

/** Logs what the customer did to their machine (public.record_server_action checks the owner). */
export async function recordVpsAction(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	event: 'reinstalled' | 'password_reset',
	detail: Record<string, string>,
): Promise<void> {
	const { error } = await admin.rpc('record_server_action', {
		customer: customer.id,
		service: serviceId,
		event,
		detail,
	});
	if (error) throw new Error(`record_server_action: ${error.message}`);
}
