import { findVpsImage, type VpsImage } from '../../lib/vps/images';
import {
	HypervisorError,
	HypervisorNotFoundError,
	HypervisorUnavailableError,
	type Hypervisor,
	type MachineRef,
} from '../hypervisor';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { destroyMachine } from '../vps/destroy';
import { keptPassword } from '../vps/kept-password';
import { loadMachine, type VpsMachine } from '../vps/machine';
import { accessFor } from '../vps/password';
import type { ProvisioningLease } from './provisioning-lease';
import { setTimeout as sleep } from 'node:timers/promises';
import { numberSetting } from '../config/variables';

export type MachineOutcome =
	| { outcome: 'running'; machine: VpsMachine; image: VpsImage; activated: boolean }
	/** The service ended (refunded, terminated) meanwhile: the machine made for it is destroyed. */
	| { outcome: 'ended' }
	/** Another site server took the service over: it finishes the job. */
	| { outcome: 'lost' }
	| { outcome: 'not_started'; state: string }
	/** The node's pool has no IPv4 address left for it (given back while the order was unpaid). */
	| { outcome: 'no_addresses' };

const pollMs = numberSetting('PROVISIONING_POLL_MS', 1000);
const maxWaitMs = 10 * 60_000;

/**
 * One attempt at a paid VPS: its pool addresses (taken again if an unpaid order gave them back),
 * the machine from the image's template on its node with the VMID allocated with the order (the
 * hypervisor finds the machine it already made by its tag, so a retry never makes a second), a
 * wait until it runs, and the service marked active. A service that ended meanwhile (a refund
 * racing the clone) never keeps the machine.
 */
export async function setUpMachine(
	admin: AdminClient,
	hypervisor: Hypervisor,
	lease: ProvisioningLease,
	service: { id: string; ram_gb: number; storage_gb: number },
): Promise<MachineOutcome> {
	const { data: claimed, error } = await admin.rpc('vps_claim_addresses', { service: service.id });
	if (error) throw new Error(`vps_claim_addresses: ${error.message}`);
	if (!claimed) return { outcome: 'no_addresses' };
	const machine = await loadMachine(admin, service.id);
	if (!machine) throw new HypervisorError('the service has no machine row');
	const image = findVpsImage(machine.image);
	const template = image?.templates[machine.ref.node];
	if (!image || template === undefined)
		throw new HypervisorError(`no ${machine.image} template on ${machine.ref.node}`);
	const password = machine.sshKeys.length ? null : await keptPassword(admin, service.id);
	try {
		return await makeAndStart(
			admin,
			hypervisor,
			lease,
			service,
			machine,
			image,
			template,
			password,
		);
	} catch (error) {
		if (!(error instanceof HypervisorNotFoundError)) throw error;
		// The machine vanished under us: a refund destroys it before it records the refund, so the
		// service may read payable for a moment yet. Tried again, the next attempt finds it ended.
		if (!(await keptOrDestroyed(admin, hypervisor, service.id, machine.ref)))
			return { outcome: 'ended' };
		throw new HypervisorUnavailableError('the machine vanished while it was set up', {
			cause: error,
		});
	}
}

async function makeAndStart(
	admin: AdminClient,
	hypervisor: Hypervisor,
	lease: ProvisioningLease,
	service: { id: string; ram_gb: number; storage_gb: number },
	machine: VpsMachine,
	image: VpsImage,
	template: number,
	password: string | null,
): Promise<MachineOutcome> {
	const ref = await hypervisor.createMachine({
		serviceId: service.id,
		vmid: machine.ref.vmid,
		node: machine.ref.node,
		template,
		hostname: machine.hostname,
		cores: machine.cores,
		memoryMb: service.ram_gb * 1024,
		diskGb: service.storage_gb,
		access: accessFor(image, machine.sshKeys, password),
		ip: machine.ip,
	});
	logger.info('machine created', { serviceId: service.id, vmid: ref.vmid, node: ref.node });
	if (!(await keptOrDestroyed(admin, hypervisor, service.id, ref))) return { outcome: 'ended' };
	const state = await untilRunning(hypervisor, ref, lease);
	if (state === 'lost')
		return (await keptOrDestroyed(admin, hypervisor, service.id, ref))
			? { outcome: 'lost' }
			: { outcome: 'ended' };
	if (state !== 'running') return { outcome: 'not_started', state };
	const { data: activated, error: notActivated } = await admin.rpc('activate_vps_service', {
		service: service.id,
	});
	if (notActivated) throw new Error(`activate_vps_service: ${notActivated.message}`);
	// Not activated: either another attempt did (keep it) or the service ended (destroy it).
	if (!activated && !(await keptOrDestroyed(admin, hypervisor, service.id, ref)))
		return { outcome: 'ended' };
	return { outcome: 'running', machine, image, activated: activated === true };
}

/** True while the machine's service is payable; else destroys the machine (false). */
async function keptOrDestroyed(
	admin: AdminClient,
	hypervisor: Hypervisor,
	serviceId: string,
	ref: MachineRef,
): Promise<boolean> {
	const { data: payable, error } = await admin.rpc('vps_machine_payable', { service: serviceId });
	if (error) throw new Error(`vps_machine_payable: ${error.message}`);
	if (payable) return true;
	logger.warn('service ended while its machine was made: destroying it', { serviceId, ...ref });
	// A machine still cloning is locked: destroyed as soon as the clone is done.
	await destroyMachine(hypervisor, ref);
	// Nobody will log in to it: its password is not kept either.
	await admin.rpc('take_vps_password', { service: serviceId });
	return false;
}

/**
 * Waits until the machine runs, starting it if it stands stopped after its clone: the customer is
 * told "running" only then. `lost` when the lease went to another holder or the service ended.
 */
async function untilRunning(
	hypervisor: Hypervisor,
	ref: MachineRef,
	lease: ProvisioningLease,
): Promise<string> {
	let started = false;
	for (let waited = 0; waited <= maxWaitMs; waited += pollMs) {
		if (!(await lease.keep())) return 'lost';
		const { state } = await hypervisor.machineState(ref);
		if (state === 'running' || state === 'suspended') return state;
		if (state === 'stopped' && !started) {
			await hypervisor.power(ref, 'start');
			started = true;
		}
		await sleep(pollMs);
	}
	return 'timeout';
}
