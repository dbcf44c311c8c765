import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { relay } from '../../../src/server/console/relay.ts';
import { firstFrame } from '../../../src/server/rfb/rfb-client.test-helper.ts';
import { openUpstream } from '../../../src/server/console/upstream.ts';
import {
	HypervisorConflictError,
	HypervisorError,
	HypervisorNoRoomError,
	HypervisorNotFoundError,
	HypervisorValidationError,
} from '../../../src/server/hypervisor/errors.ts';
import type {
	ConsoleTicket,
	Hypervisor,
	MachineRef,
	MachineSpec,
	MachineState,
	Resources,
} from '../../../src/server/hypervisor/types.ts';

// The one behaviour both implementations must have, run by contract.test.ts against the Proxmox
// adapter in front of the fake Proxmox and against the simulation. `fresh` gives an empty
// hypervisor whose images' templates (src/lib/vps/images.ts) exist on `node`: `template` a Linux
// one, `windowsTemplate` the Windows one.

export interface Target {
	hypervisor: Hypervisor;
	node: string;
	template: number;
	windowsTemplate: number;
	/** The machine's hostname and IPv4 as the hypervisor keeps them, where the test can see them. */
	identity?: (ref: MachineRef) => { hostname: string; ipv4: string } | undefined;
	/**
	 * The same empty hypervisor with exactly `room` left on `node`: the simulation told so by its
	 * capacity, Proxmox's node given those threads, memory and storage (over-commit 1, no reserve).
	 */
	withRoom: (room: Resources) => Hypervisor;
}

/** Lit pixels of the console's first screen, seen through the site's relay by an RFB viewer. */
export async function screenThroughRelay(
	ticket: Pick<ConsoleTicket, 'socket' | 'password'>,
): Promise<number> {
	const site = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	site.on('connection', (browser) =>
		relay(browser, openUpstream(ticket.socket), { password: ticket.password, idleMs: 60_000 }),
	);
	await new Promise((resolve) => site.once('listening', resolve));
	const viewer = new WebSocket(`ws://127.0.0.1:${(site.address() as AddressInfo).port}/`);
	try {
		return (await firstFrame(viewer)).lit;
	} finally {
		viewer.close();
		site.close();
	}
}

let services = 0;
export function specFor(
	target: Pick<Target, 'node' | 'template'>,
	overrides: Partial<MachineSpec> = {},
): MachineSpec {
	const n = ++services;
	return {
		serviceId: `0b7c6d2e-1111-4a1a-9c3e-${String(n).padStart(12, '0')}`,
		vmid: 200 + n,
		node: target.node,
		template: target.template,
		hostname: `vps-${n}.frostnode.example`,
		cores: 2,
		memoryMb: 2048,
		diskGb: 20,
		access: {
			user: 'frost',
			sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB+x/y= frost@laptop'],
		},
		ip: {
			ipv4: { address: '203.0.113.10', prefix: 24, gateway: '203.0.113.1' },
			ipv6: { address: '2001:db8::10', prefix: 64, gateway: '2001:db8::1' },
		},
		...overrides,
	};
}

/** Polls the state until it is `want` (the simulation moves on a clock, Proxmox by tasks). */
export async function settle(h: Hypervisor, ref: MachineRef, want: MachineState) {
	for (let i = 0; i < 100; i++) {
		if ((await h.machineState(ref)).state === want) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	expect((await h.machineState(ref)).state).toBe(want);
}

export function hypervisorContract(name: string, fresh: () => Promise<Target>) {
	describe(`hypervisor contract: ${name}`, () => {
		it('creates a running machine, and a retry for the same service finds it', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const spec = specFor(target);
			const ref = await h.createMachine(spec);
			expect(ref).toEqual({ node: target.node, vmid: spec.vmid });
			await settle(h, ref, 'running');
			expect(await h.createMachine({ ...spec, vmid: spec.vmid + 1000 })).toEqual(ref);
			await expect(h.machineState({ node: target.node, vmid: spec.vmid + 1000 })).rejects.toThrow(
				HypervisorNotFoundError,
			);
		});

		it("refuses another service's VMID, a bad hostname and a bad key", async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const spec = specFor(target);
			await h.createMachine(spec);
			await expect(h.createMachine(specFor(target, { vmid: spec.vmid }))).rejects.toThrow(
				HypervisorConflictError,
			);
			await expect(
				h.createMachine(specFor(target, { hostname: 'no_underscores' })),
			).rejects.toThrow(HypervisorValidationError);
			await expect(
				h.createMachine(specFor(target, { access: { user: 'frost', sshKeys: ['not a key'] } })),
			).rejects.toThrow(HypervisorValidationError);
		});

		it('clones only an image template of the node', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			await expect(h.createMachine(specFor(target, { template: 9999 }))).rejects.toThrow(
				HypervisorNotFoundError,
			);
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			// A customer's machine is not a template: Proxmox cannot make a linked clone of it.
			const fromMachine = h.createMachine(specFor(target, { template: ref.vmid }));
			await expect(fromMachine).rejects.toThrow(HypervisorError);
			await expect(fromMachine).rejects.toThrow(/Linked clone feature is not supported/);
		});

		it('gives Windows its plaintext Administrator password, and Linux only a hash', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const windows = specFor(target, {
				template: target.windowsTemplate,
				access: { user: 'Administrator', password: 'Kx7-ramp-Vq9-sled' },
			});
			await settle(h, await h.createMachine(windows), 'running');
			await expect(
				h.createMachine(
					specFor(target, { access: { user: 'root', password: 'Kx7-ramp-Vq9-sled' } }),
				),
			).rejects.toThrow(HypervisorValidationError);
			await expect(
				h.createMachine(
					specFor(target, {
						template: target.windowsTemplate,
						access: { user: 'Administrator', passwordHash: '$6$salt$hash' },
					}),
				),
			).rejects.toThrow(HypervisorValidationError);
		});

		it('powers a machine off and on, and refuses to reboot a stopped one', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.power(ref, 'stop');
			await settle(h, ref, 'stopped');
			await h.power(ref, 'stop');
			await expect(h.power(ref, 'reboot')).rejects.toThrow(HypervisorConflictError);
			await h.power(ref, 'start');
			await settle(h, ref, 'running');
		});

		it('resets a running machine, refuses to reset a stopped one, and tells uptime', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.power(ref, 'reset');
			await settle(h, ref, 'running');
			await new Promise((resolve) => setTimeout(resolve, 1100));
			expect((await h.machineState(ref)).uptimeSeconds).toBeGreaterThanOrEqual(1);
			await h.power(ref, 'shutdown');
			await settle(h, ref, 'stopped');
			expect((await h.machineState(ref)).uptimeSeconds).toBeUndefined();
			await expect(h.power(ref, 'reset')).rejects.toThrow(HypervisorConflictError);
		});

		it('gives the last hour and day of usage, oldest first, empty while off', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			for (const [timeframe, step] of [
				['hour', 60],
				['day', 1800],
			] as const) {
				const series = await h.metrics(ref, timeframe);
				expect(series.length).toBeGreaterThan(0);
				expect(series.length).toBeLessThanOrEqual(70);
				const times = series.map((point) => point.time);
				expect(times).toEqual([...times].sort((a, b) => a - b));
				for (const [i, time] of times.entries()) if (i) expect(time - times[i - 1]!).toBe(step);
				const newest = series.at(-1)!;
				expect(Date.now() / 1000 - newest.time).toBeLessThan(step * 2);
				expect(newest.cpu).toBeGreaterThan(0);
				expect(newest.cpu).toBeLessThanOrEqual(1);
				expect(newest.memoryBytes).toBeGreaterThan(0);
				expect(newest.memoryBytes!).toBeLessThanOrEqual(newest.memoryTotalBytes!);
				for (const rate of [newest.diskWriteBps, newest.netInBps, newest.netOutBps])
					expect(rate).toBeGreaterThanOrEqual(0);
			}
			await h.power(ref, 'stop');
			await settle(h, ref, 'stopped');
			const off = (await h.metrics(ref, 'hour')).at(-1)!;
			expect(off.cpu ?? 0).toBe(0);
			expect(off.netOutBps ?? 0).toBe(0);
			await expect(h.metrics({ ...ref, vmid: ref.vmid + 5000 }, 'hour')).rejects.toThrow(
				HypervisorNotFoundError,
			);
		});

		it('has no usage from before the machine was made, after power actions too', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const made = Date.now();
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.power(ref, 'stop');
			await settle(h, ref, 'stopped');
			await h.power(ref, 'start');
			await settle(h, ref, 'running');
			for (const [timeframe, step] of [
				['hour', 60],
				['day', 1800],
			] as const) {
				const series = await h.metrics(ref, timeframe);
				expect(series.length).toBeGreaterThan(0);
				// The first point is the interval the machine was made in (or the next one).
				expect((series[0]!.time + step) * 1000).toBeGreaterThan(made);
				expect(series.length).toBeLessThanOrEqual(2);
			}
		});

		it('grows the disk and never shrinks it', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.resize(ref, { cores: 4, memoryMb: 4096, diskGb: 40 });
			await h.resize(ref, { cores: 4, memoryMb: 4096, diskGb: 40 });
			await expect(h.resize(ref, { cores: 4, memoryMb: 4096, diskGb: 30 })).rejects.toThrow(
				HypervisorValidationError,
			);
		});

		it('suspends (the customer cannot start it) and unsuspends', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.suspend(ref);
			await settle(h, ref, 'suspended');
			await expect(h.power(ref, 'start')).rejects.toThrow(HypervisorConflictError);
			await h.unsuspend(ref);
			await settle(h, ref, 'running');
		});

		it('opens a console on a running machine only', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			const ticket = await h.console(ref);
			expect(ticket.port).toBeGreaterThan(0);
			expect(ticket.ticket).not.toBe('');
			expect(ticket.password).not.toBe('');
			expect(await screenThroughRelay(ticket)).toBeGreaterThan(100);
			// The ticket was spent: a second connection is refused.
			await expect(screenThroughRelay(ticket)).rejects.toThrow();
			await h.power(ref, 'stop');
			await settle(h, ref, 'stopped');
			await expect(h.console(ref)).rejects.toThrow(HypervisorConflictError);
		});

		it('reinstalls to a running machine with the same VMID', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			const before = target.identity?.(ref);
			await h.reinstall(ref, target.template, { user: 'root', passwordHash: '$6$salt$hash' });
			await settle(h, ref, 'running');
			expect(target.identity?.(ref)).toEqual(before);
			if (target.identity) expect(before).toMatchObject({ ipv4: '203.0.113.10' });
		});

		it('sets a password at once on a running machine, at the next boot on a stopped one', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			expect(await h.setPassword(ref, 'root', 'Kx7-ramp-Vq9-sled')).toBe('now');
			await h.power(ref, 'stop');
			await settle(h, ref, 'stopped');
			expect(await h.setPassword(ref, 'root', 'Kx7-ramp-Vq9-sled')).toBe('next_boot');
			await expect(h.setPassword(ref, 'root', '')).rejects.toThrow(HypervisorValidationError);
			await expect(
				h.setPassword({ node: target.node, vmid: ref.vmid + 1000 }, 'root', 'Kx7-ramp-Vq9-sled'),
			).rejects.toThrow(HypervisorNotFoundError);
		});

		it('destroys a machine, and destroying it again is fine', async () => {
			const target = await fresh();
			const h = target.hypervisor;
			const ref = await h.createMachine(specFor(target));
			await settle(h, ref, 'running');
			await h.destroy(ref);
			await expect(h.machineState(ref)).rejects.toThrow(HypervisorNotFoundError);
			await h.destroy(ref);
			await h.probe();
		});

		it('has room until its machines fill the node, and refuses one that does not fit', async () => {
			const target = await fresh();
			const h = target.withRoom({ cores: 4, memoryMb: 8192, diskGb: 100 });
			expect(await h.room(target.node)).toEqual({ cores: 4, memoryMb: 8192, diskGb: 100 });
			const first = await h.createMachine(
				specFor(target, { cores: 2, memoryMb: 4096, diskGb: 60 }),
			);
			await settle(h, first, 'running');
			expect(await h.room(target.node)).toEqual({ cores: 2, memoryMb: 4096, diskGb: 40 });
			// Stopped, it keeps what it was given.
			await h.power(first, 'stop');
			expect(await h.room(target.node)).toEqual({ cores: 2, memoryMb: 4096, diskGb: 40 });
			const tooBig = specFor(target, { cores: 2, memoryMb: 4096, diskGb: 50 });
			const refused = h.createMachine(tooBig);
			await expect(refused).rejects.toThrow(HypervisorNoRoomError);
			await expect(refused).rejects.toThrow(
				`${target.node} has no room for the machine: diskGb 50 wanted, 40 free`,
			);
			await expect(h.machineState({ node: target.node, vmid: tooBig.vmid })).rejects.toThrow(
				HypervisorNotFoundError,
			);
			// A retry of a machine already made is found again, full or not.
			const last = specFor(target, { cores: 2, memoryMb: 4096, diskGb: 40 });
			const ref = await h.createMachine(last);
			await settle(h, ref, 'running');
			expect(await h.room(target.node)).toEqual({ cores: 0, memoryMb: 0, diskGb: 0 });
			expect(await h.createMachine({ ...last, vmid: last.vmid + 1000 })).toEqual(ref);
			await h.destroy(first);
			expect(await h.room(target.node)).toEqual({ cores: 2, memoryMb: 4096, diskGb: 60 });
		});

		it('has no room on a node it does not have', async () => {
			const { hypervisor } = await fresh();
			expect(await hypervisor.room('pve9')).toEqual({ cores: 0, memoryMb: 0, diskGb: 0 });
		});
	});
}
