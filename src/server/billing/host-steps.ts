import { hasEnded } from '../../lib/domain/service-status';
import { getHypervisor, type MachineRef } from '../hypervisor';
import { syncSubdomain } from '../subdomains/subdomain';
import type { AdminClient } from '../supabase/admin-client';
import { destroyMachine } from '../vps/destroy';
import { loadMachine } from '../vps/machine';
import { removeReleasedPtrs } from '../reverse-dns/rdns';
import { onPanel, type BillingState, type PanelHeld } from './panel-steps';

// The one place billing chooses where a service runs: a VPS placed by us has a machine on the
// hypervisor (vps_machines), everything else is on the game panel (or nowhere: a legacy VPS set up
// by hand, which billing only records). The outside system acts first and the database records
// after, so a hypervisor or panel that is down delays the step and a repeat is harmless.

/** The hypervisor's side of a state change: suspended stops it and keeps the customer's power off. */
export async function onMachine(state: BillingState, ref: MachineRef): Promise<void> {
	const hypervisor = getHypervisor();
	if (state === 'suspended') return hypervisor.suspend(ref);
	// Unsuspending starts it: paying brings the machine back as it was sold, running.
	if (state === 'active') return hypervisor.unsuspend(ref);
	// Already gone is what destroying wanted; a machine still being cloned is waited for.
	await destroyMachine(hypervisor, ref);
}

/** The outside side of a state change: the service's machine, else its game server, else nothing. */
export async function onHost(
	admin: AdminClient,
	state: BillingState,
	service: PanelHeld,
): Promise<void> {
	const machine = await loadMachine(admin, service.id);
	if (machine) return onMachine(state, machine.ref);
	return onPanel(state, service);
}

/** A member of staff moving a service (the console), rather than the billing run. */
export interface StaffMove {
	staffId: string;
	/** Why staff suspended it: the customer reads it on their server's page. */
	reason?: string;
}

/** Whether staff suspended the service: only staff lift that, never a paid renewal. */
async function heldByStaff(admin: AdminClient, serviceId: string): Promise<boolean> {
	const { data, error } = await admin
		.from('services')
		.select('suspended_by')
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`services ${serviceId}: ${error.message}`);
	return data?.suspended_by === 'staff';
}

/**
 * Moves a service to `state` where it runs, then in the database; true when it changed now. An
 * ended VPS gives its addresses back in the same write (the trigger services_release_vps_addresses),
 * after its machine is gone. `by` names staff acting from the console; without it this is the
 * billing run, which does not start a server staff suspended (the database refuses it too).
 */
export async function moveService(
	admin: AdminClient,
	service: PanelHeld,
	state: BillingState,
	now: Date,
	by?: StaffMove,
): Promise<boolean> {
	if (state === 'active' && !by && (await heldByStaff(admin, service.id))) return false;
	await onHost(admin, state, service);
	const { data, error } = await admin.rpc('set_service_billing_state', {
		service: service.id,
		state,
		at: now.toISOString(),
		...(by ? { staff: by.staffId, reason: by.reason ?? '' } : {}),
	});
	if (error) throw new Error(`set_service_billing_state: ${error.message}`);
	// An ended service frees its label: its records go (a DNS failure is recorded and retried).
	// Its addresses' reverse DNS goes too: the release cleared their names, the DNS is ours to clear.
	if (hasEnded(state)) {
		await syncSubdomain(admin, service.id).catch(() => undefined); // the run's sweep tries again
		await removeReleasedPtrs(admin).catch(() => undefined); // so does this one's
	}
	return data === true;
}
