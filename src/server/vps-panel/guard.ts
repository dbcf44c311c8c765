import { hasEnded } from '../../lib/domain/service-status';
import type { User } from '@supabase/supabase-js';
import { signedInRecently } from '../../lib/auth/sign-in-age';
import { isUuid } from '../../lib/uuid';
import {
	HypervisorConflictError,
	HypervisorNotFoundError,
	HypervisorValidationError,
} from '../hypervisor';
import { logger } from '../log/logger';
import { limits } from '../rate-limit/limits';
import type { Json } from '../../lib/database.types';
import type { AdminClient } from '../supabase/admin-client';
import { loadMachine, type VpsMachine } from '../vps/machine';

// The Rules every VPS action obeys, in one place (issue 31): only the owner (any other id is
// 'not_found' and nothing changes), rate limited per customer, refused while the service is
// suspended, ended or still being set up, privileged actions only for a session that signed in
// within the hour, and every action the hypervisor did is written to the server's activity log.

export type VpsRefusal =
	| 'not_found'
	| 'suspended'
	| 'ended'
	| 'not_ready'
	| 'rate_limited'
	| 'sign_in_again'
	| 'hypervisor_refused'
	| 'hypervisor_unavailable';

/** service_activity events a VPS action writes (the check constraint lists them). */
export type VpsEvent =
	| 'started'
	| 'stopped'
	| 'restarted'
	| 'password_reset'
	| 'reinstalled'
	| 'console_opened'
	| 'rdns_changed';

export interface VpsCaller {
	customer: User;
	/** The session's access token: its `amr` says when it signed in (privileged actions). */
	accessToken: string | null;
	/** Where the request came from, for the owner's security mail (reinstall, password reset). */
	address?: string;
}

export interface OwnedVps {
	serviceId: string;
	status: string;
	/** As ordered (or last upgraded to): the machine's memory and disk. */
	memoryGb: number;
	diskGb: number;
	machine: VpsMachine;
}

/** The customer's VPS whatever its status (the page shows a suspended one), or 'not_found'. */
export async function ownedVps(
	admin: AdminClient,
	customer: User,
	serviceId: string,
): Promise<OwnedVps | 'not_found'> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data, error } = await admin
		.from('services')
		.select('id, status, product_type, ram_gb, storage_gb')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!data || data.product_type !== 'vps') return 'not_found';
	const machine = await loadMachine(admin, serviceId);
	if (!machine) return 'not_found';
	return {
		serviceId,
		status: data.status,
		memoryGb: data.ram_gb,
		diskGb: data.storage_gb,
		machine,
	};
}

/** Why the service cannot be acted on now, or null when it can. */
export function statusRefusal(status: string): VpsRefusal | null {
	if (status === 'suspended') return 'suspended';
	if (hasEnded(status)) return 'ended';
	return status === 'active' ? null : 'not_ready';
}

export async function recordVpsAction(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	event: VpsEvent,
	detail: { [key: string]: Json } = {},
): Promise<void> {
	const { error } = await admin.rpc('record_server_action', {
		customer: customer.id,
		service: serviceId,
		event,
		detail,
	});
	if (error) throw new Error(`record_server_action: ${error.message}`);
}

/** The hypervisor's refusals as the customer's; anything else (down, misconfigured) is unavailable. */
export function hypervisorRefusal(error: unknown): VpsRefusal {
	if (error instanceof HypervisorConflictError || error instanceof HypervisorValidationError)
		return 'hypervisor_refused';
	if (error instanceof HypervisorNotFoundError) return 'not_found';
	logger.error('hypervisor call failed', { error });
	return 'hypervisor_unavailable';
}

export interface VpsAction<T> {
	event: VpsEvent;
	/** Console, reinstall, password reset: only for a sign-in within the last hour. */
	privileged?: boolean;
	/** What the activity log keeps besides the event (never a secret). */
	detail?: { [key: string]: Json };
	act: (vps: OwnedVps) => Promise<T>;
}

/**
 * Runs one customer action on their VPS under the Rules: the limit is counted first (a stranger
 * guessing ids is counted too), then owner, status and sign-in age; `act` runs only past all of
 * them, and its success alone is logged. A refusal changes nothing.
 */
export async function runVpsAction<T>(
	admin: AdminClient,
	caller: VpsCaller,
	serviceId: string,
	action: VpsAction<T>,
): Promise<{ ok: T } | VpsRefusal> {
	const verdict = await limits.vpsActionsPerAccount.hit(caller.customer.id);
	if (!verdict.ok) return 'rate_limited';
	const vps = await ownedVps(admin, caller.customer, serviceId);
	if (vps === 'not_found') return vps;
	const refused = statusRefusal(vps.status);
	if (refused) return refused;
	if (action.privileged && !signedInRecently(caller.accessToken ?? '')) return 'sign_in_again';
	let result: T;
	try {
		result = await action.act(vps);
	} catch (error) {
		return hypervisorRefusal(error);
	}
	await recordVpsAction(admin, caller.customer, serviceId, action.event, action.detail);
	return { ok: result };
}
