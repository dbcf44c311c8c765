import { readHypervisorConfig } from './config';
import { HypervisorConfigError } from './errors';
import { createProxmox } from './proxmox';
import { createSimulatedHypervisor } from './simulated';
import type { Hypervisor } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type * from './types';
export * from './errors';
export { shortOf } from './room-check';

// The one place that chooses the hypervisor: Proxmox VE when PROXMOX_URL is set, else the embedded
// simulation. A broken Proxmox configuration never falls back to the simulation (a customer would
// be sold a machine that does not exist): every call rejects with the HypervisorConfigError
// naming what to fix.

const SETTINGS = [
	'PROXMOX_URL',
	'PROXMOX_TOKEN_ID',
	'PROXMOX_TOKEN_SECRET',
	'PROXMOX_TLS_FINGERPRINT',
	'PROXMOX_CA_FILE',
	'PROXMOX_CPU_OVERCOMMIT',
	'PROXMOX_MEMORY_RESERVE_GB',
	'HYPERVISOR_SIM_FILE',
	'HYPERVISOR_SIM_DELAY_MS',
	'HYPERVISOR_SIM_CAPACITY',
] as const;

function unconfigured(reason: HypervisorConfigError, env: Env): Hypervisor {
	const reject = () => Promise.reject(new HypervisorConfigError(reason.message));
	return {
		kind: env.PROXMOX_URL?.trim() ? 'proxmox' : 'simulated',
		createMachine: reject,
		machineState: reject,
		room: reject,
		power: reject,
		reinstall: reject,
		setPassword: reject,
		resize: reject,
		suspend: reject,
		unsuspend: reject,
		destroy: reject,
		console: reject,
		metrics: reject,
		probe: reject,
	};
}

function createHypervisor(env: Env): Hypervisor {
	try {
		const config = readHypervisorConfig(env);
		return config.kind === 'proxmox' ? createProxmox(config) : createSimulatedHypervisor(config);
	} catch (error) {
		if (error instanceof HypervisorConfigError) return unconfigured(error, env);
		throw error;
	}
}

/** The hypervisor for the current environment. */
export const getHypervisor = pickAdapter(SETTINGS, createHypervisor);
