import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	HypervisorConflictError,
	HypervisorError,
	HypervisorUnavailableError,
	HypervisorValidationError,
} from '../../../src/server/hypervisor/errors.ts';
import { createProxmox } from '../../../src/server/hypervisor/proxmox.ts';
import {
	fakeNode,
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	templateVmid,
	windowsTemplateVmid,
	type FakeProxmox,
} from './fake-proxmox.ts';
import { specFor } from './suite.ts';

// The Proxmox adapter's own cases, beyond the contract: what goes on the wire, a failed task's log,
// a retry after a crash between clone and configuration, a lock, a refused token, no answer.

const polling = { fastMs: 1, slowMs: 1, deadlineMs: 5000 };
const target = { node: fakeNode, template: templateVmid, windowsTemplate: windowsTemplateVmid };

let fake: FakeProxmox;
beforeAll(async () => (fake = await startFakeProxmox()));
afterAll(() => fake.close());
beforeEach(() => {
	fake.reset();
	fake.seen.length = 0;
});

const proxmox = (overrides: { tokenSecret?: string; url?: string } = {}) =>
	createProxmox(
		{
			kind: 'proxmox',
			url: fake.url,
			tokenId: fakeTokenId,
			tokenSecret: fakeTokenSecret,
			...overrides,
		},
		{ polling },
	);
const writes = () => fake.seen.filter((r) => r.method !== 'GET');

describe('the Proxmox adapter', () => {
	it('sends a linked clone, then the cloud-init configuration, the resize and the start', async () => {
		const spec = specFor(target);
		await proxmox().createMachine(spec);
		const vm = `/nodes/${fakeNode}/qemu/${spec.vmid}`;
		expect(writes()).toEqual([
			{
				method: 'POST',
				path: `/nodes/${fakeNode}/qemu/${templateVmid}/clone`,
				params: {
					newid: String(spec.vmid),
					name: spec.hostname,
					description: `frostnode service ${spec.serviceId}`,
					full: '0',
				},
			},
			{
				method: 'PUT',
				path: `${vm}/config`,
				params: {
					cores: '2',
					memory: '2048',
					ciuser: 'frost',
					sshkeys: 'ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIB%2Bx%2Fy%3D%20frost%40laptop',
					delete: 'cipassword',
					ipconfig0: 'ip=203.0.113.10/24,gw=203.0.113.1,ip6=2001:db8::10/64,gw6=2001:db8::1',
					ciupgrade: '0',
					tags: `svc-${spec.serviceId}`,
				},
			},
			{ method: 'PUT', path: `${vm}/resize`, params: { disk: 'scsi0', size: '20G' } },
			{ method: 'POST', path: `${vm}/status/start`, params: {} },
		]);
		expect(fake.vms.get(spec.vmid)?.config.scsi0).toMatch(/size=20G$/);
	});

	it('sends a password hash as cipassword and removes template keys', async () => {
		const spec = specFor(target, {
			access: { user: 'root', passwordHash: '$6$rounds=5000$salt$hash' },
			ip: {},
		});
		await proxmox().createMachine(spec);
		expect(writes()[1]?.params).toMatchObject({
			ciuser: 'root',
			cipassword: '$6$rounds=5000$salt$hash',
			delete: 'sshkeys',
			ipconfig0: 'ip=dhcp',
		});
	});

	it('sends a Windows password as it is: cloudbase-init cannot use a hash', async () => {
		const spec = specFor(target, {
			template: windowsTemplateVmid,
			access: { user: 'Administrator', password: 'Kx7-ramp-Vq9-sled' },
		});
		await proxmox().createMachine(spec);
		expect(writes()[1]?.params).toMatchObject({
			ciuser: 'Administrator',
			cipassword: 'Kx7-ramp-Vq9-sled',
			delete: 'sshkeys',
		});
	});

	it('keeps the last log lines of a failed task', async () => {
		fake.failNextTask(
			"clone failed: can't lock file '/var/lock/pve-manager/pve-storage-local-lvm' - got timeout",
			[`create linked clone of drive scsi0 (local-lvm:base-${templateVmid}-disk-0)`],
		);
		const spec = specFor(target);
		const failure = await proxmox()
			.createMachine(spec)
			.catch((error: unknown) => error);
		if (!(failure instanceof HypervisorError)) throw new Error('expected a HypervisorError');
		const error = failure;
		expect(error.message).toMatch(/qmclone failed: clone failed/);
		expect(error.taskLog).toContain(
			`create linked clone of drive scsi0 (local-lvm:base-${templateVmid}-disk-0)`,
		);
		expect(fake.vms.has(spec.vmid)).toBe(false);
		// Proxmox removed the half-made clone, so the retry clones again and succeeds.
		await expect(proxmox().createMachine(spec)).resolves.toEqual({
			node: fakeNode,
			vmid: spec.vmid,
		});
	});

	it('after a crash between clone and configuration, a retry finishes its own machine', async () => {
		const spec = specFor(target);
		const h = proxmox();
		// The clone went through, then we crashed: not tagged yet, only our description marks it.
		await h.createMachine(spec);
		const vm = fake.vms.get(spec.vmid)!;
		vm.config.tags = 'image';
		vm.status = 'stopped';
		fake.seen.length = 0;
		await expect(h.createMachine(spec)).resolves.toEqual({ node: fakeNode, vmid: spec.vmid });
		expect(vm.config.tags).toBe(`svc-${spec.serviceId}`);
		expect(vm.status).toBe('running');
		// A machine of the same VMID that is not ours is left alone.
		vm.config.description = 'someone else';
		vm.config.tags = 'image';
		await expect(h.createMachine(spec)).rejects.toThrow(/config file already exists/);
	});

	it('refuses changes to a locked machine as a conflict', async () => {
		const h = proxmox();
		const spec = specFor(target);
		const ref = await h.createMachine(spec);
		fake.vms.get(spec.vmid)!.config.lock = 'backup';
		expect(await h.machineState(ref)).toMatchObject({ state: 'running', lock: 'backup' });
		await expect(h.power(ref, 'reboot')).rejects.toThrow(HypervisorConflictError);
		fake.vms.get(spec.vmid)!.config.lock = 'clone';
		expect((await h.machineState(ref)).state).toBe('cloning');
	});

	it('names the parameter Proxmox refused', async () => {
		const h = proxmox();
		const ref = await h.createMachine(specFor(target));
		await expect(h.resize(ref, { cores: 2, memoryMb: 2048, diskGb: 10 })).rejects.toThrow(
			HypervisorValidationError,
		);
	});

	it('reports a refused token, and no answer as retryable', async () => {
		await expect(proxmox({ tokenSecret: 'wrong' }).probe()).rejects.toThrow(/API token \(401\)/);
		await expect(proxmox({ url: 'http://127.0.0.1:9' }).probe()).rejects.toThrow(
			HypervisorUnavailableError,
		);
	});

	it('sets a password through the guest agent and in cloud-init, or in cloud-init only', async () => {
		const h = proxmox();
		const ref = await h.createMachine(specFor(target));
		const vm = `/nodes/${fakeNode}/qemu/${ref.vmid}`;
		fake.seen.length = 0;
		expect(await h.setPassword(ref, 'root', 'Kx7-ramp-Vq9-sled')).toBe('now');
		expect(writes()).toEqual([
			{
				method: 'PUT',
				path: `${vm}/config`,
				params: { ciuser: 'root', cipassword: 'Kx7-ramp-Vq9-sled' },
			},
			{
				method: 'POST',
				path: `${vm}/agent/set-user-password`,
				params: { username: 'root', password: 'Kx7-ramp-Vq9-sled' },
			},
		]);
		expect(fake.guestPasswords.get(ref.vmid)).toEqual({
			user: 'root',
			password: 'Kx7-ramp-Vq9-sled',
		});
		// An image without a running agent: the password waits for the next boot.
		fake.agentDown.add(ref.vmid);
		expect(await h.setPassword(ref, 'root', 'Other-pass-2x')).toBe('next_boot');
		expect(fake.guestPasswords.get(ref.vmid)?.password).toBe('Kx7-ramp-Vq9-sled');
		expect(fake.vms.get(ref.vmid)!.config.cipassword).toBe('Other-pass-2x');
		await h.suspend(ref);
		await expect(h.setPassword(ref, 'root', 'Other-pass-3x')).rejects.toThrow(
			HypervisorConflictError,
		);
	});

	it('asks vncproxy for a generated password, which PVE before qemu-server 9.1.7 sends only then', async () => {
		const h = proxmox();
		const ref = await h.createMachine(specFor(target));
		fake.seen.length = 0;
		const ticket = await h.console(ref);
		expect(writes()).toEqual([
			{
				method: 'POST',
				path: `/nodes/${fakeNode}/qemu/${ref.vmid}/vncproxy`,
				params: { websocket: '1', 'generate-password': '1' },
			},
		]);
		expect(ticket.password).toMatch(/^[!-~]{8}$/);
		expect(ticket.password).not.toBe(ticket.ticket);
	});
});
