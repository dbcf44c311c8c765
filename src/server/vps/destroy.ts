import {
	HypervisorConflictError,
	HypervisorNotFoundError,
	type Hypervisor,
	type MachineRef,
} from '../hypervisor';
import { setTimeout as sleep } from 'node:timers/promises';
import { numberSetting } from '../config/variables';

// Destroying a machine that is still being cloned meets its lock (a conflict on Proxmox and the
// simulation alike); a linked clone holds it for seconds. Provisioning (a refund raced the clone)
// and billing (money-back, termination) both wait it out here rather than fail half-way: billing
// records its step only after the machine is gone, so a refund must not stop at a lock.

const pollMs = numberSetting('PROVISIONING_POLL_MS', 1000);
/** Longer than any clone should lock a machine; past it the caller's own retry takes over. */
const maxWaitMs = 2 * 60_000;

/** Stops and deletes the machine, once its lock is gone; a machine already gone is fine. */
export async function destroyMachine(hypervisor: Hypervisor, ref: MachineRef): Promise<void> {
	for (let waited = 0; ; waited += pollMs)
		try {
			return await hypervisor.destroy(ref);
		} catch (failure) {
			if (failure instanceof HypervisorNotFoundError) return;
			if (!(failure instanceof HypervisorConflictError) || waited >= maxWaitMs) throw failure;
			await sleep(pollMs);
		}
}
