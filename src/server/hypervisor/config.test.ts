import { describe, expect, it } from 'vitest';
import { readHypervisorConfig } from './config';
import { HypervisorConfigError } from './errors';
import { getHypervisor } from './index';

const token = { PROXMOX_TOKEN_ID: 'provisioner@pve!frostnode', PROXMOX_TOKEN_SECRET: 'secret' };

describe('the hypervisor settings', () => {
	it('is the simulation without PROXMOX_URL', () => {
		expect(readHypervisorConfig({})).toEqual({ kind: 'simulated', delayMs: 2000 });
		expect(
			readHypervisorConfig({ HYPERVISOR_SIM_DELAY_MS: '0', HYPERVISOR_SIM_FILE: '/tmp/m.json' }),
		).toEqual({ kind: 'simulated', delayMs: 0, file: '/tmp/m.json' });
		expect(() => readHypervisorConfig({ HYPERVISOR_SIM_DELAY_MS: 'soon' })).toThrow(
			HypervisorConfigError,
		);
	});

	it('reads Proxmox, dropping a trailing /api2/json', () => {
		expect(
			readHypervisorConfig({ PROXMOX_URL: 'https://pve.example:8006/api2/json/', ...token }),
		).toEqual({
			kind: 'proxmox',
			url: 'https://pve.example:8006',
			tokenId: 'provisioner@pve!frostnode',
			tokenSecret: 'secret',
		});
	});

	it('reads the over-commit rules of the room, whole GB of reserve', () => {
		const proxmox = { PROXMOX_URL: 'https://pve.example:8006', ...token };
		expect(
			readHypervisorConfig({
				...proxmox,
				PROXMOX_CPU_OVERCOMMIT: '1.5',
				PROXMOX_MEMORY_RESERVE_GB: '8',
			}),
		).toMatchObject({ cpuOvercommit: 1.5, memoryReserveGb: 8 });
		for (const [name, value] of [
			['PROXMOX_CPU_OVERCOMMIT', '0'],
			['PROXMOX_CPU_OVERCOMMIT', 'lots'],
			['PROXMOX_MEMORY_RESERVE_GB', '1.5'],
			['PROXMOX_MEMORY_RESERVE_GB', '-2'],
		] as const)
			expect(() => readHypervisorConfig({ ...proxmox, [name]: value })).toThrow(
				new RegExp(`^${name} must be`),
			);
	});

	it('lists every problem at once and never echoes the secret', () => {
		const read = () =>
			readHypervisorConfig({
				PROXMOX_URL: 'http://pve.example:8006',
				PROXMOX_TOKEN_ID: 'provisioner',
				PROXMOX_TOKEN_SECRET: 'hunter2',
				PROXMOX_TLS_FINGERPRINT: 'AB:CD',
			});
		expect(read).toThrow(
			'PROXMOX_URL must use https:// except on loopback; PROXMOX_TOKEN_ID must look like user@realm!tokenid; PROXMOX_TLS_FINGERPRINT must be a SHA-256 fingerprint (32 hex pairs with colons)',
		);
		expect(read).not.toThrow(/hunter2/);
	});

	it('never falls back to the simulation when Proxmox is misconfigured', async () => {
		const hypervisor = getHypervisor({ PROXMOX_URL: 'https://pve.example:8006' });
		expect(hypervisor.kind).toBe('proxmox');
		await expect(hypervisor.probe()).rejects.toThrow(
			'PROXMOX_TOKEN_ID is required with PROXMOX_URL; PROXMOX_TOKEN_SECRET is required with PROXMOX_URL',
		);
		await expect(hypervisor.machineState({ node: 'pve1', vmid: 200 })).rejects.toThrow(
			HypervisorConfigError,
		);
	});
});
