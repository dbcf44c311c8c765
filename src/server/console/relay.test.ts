import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { findVpsImage } from '../../lib/vps/images';
import { createSimulatedHypervisor } from '../hypervisor/simulated';
import type { ConsoleTicket, MachineSpec } from '../hypervisor/types';
import { relay } from './relay';
import { firstFrame } from '../rfb/rfb-client.test-helper';
import { openUpstream } from './upstream';

// The relay between a viewer and the simulated machine's RFB server: VNC authentication done by
// the relay upstream, None offered to the viewer, the machine's text screen in the first update.

const spec: MachineSpec = {
	serviceId: 'svc1',
	vmid: 301,
	node: 'pve1',
	template: findVpsImage('debian-12')!.templates.pve1!,
	hostname: 'console.frostnode.example',
	cores: 1,
	memoryMb: 1024,
	diskGb: 10,
	access: { user: 'root', passwordHash: '$6$salt$hash' },
	ip: {},
};

const servers: WebSocketServer[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function runningConsole(): Promise<ConsoleTicket> {
	let now = 0;
	const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 10 }, () => now);
	const ref = await h.createMachine(spec);
	now = 1_000;
	return h.console(ref);
}

/** A stand-in for the site: each viewer is relayed to the ticket's console. */
async function relaySite(ticket: ConsoleTicket, password = ticket.password, idleMs = 60_000) {
	const ended: string[] = [];
	const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	servers.push(server);
	server.on('connection', (browser) =>
		relay(browser, openUpstream(ticket.socket), {
			password,
			idleMs,
			onEnd: (reason) => ended.push(reason),
		}),
	);
	await new Promise((resolve) => server.once('listening', resolve));
	const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
	return { url, ended };
}

const closed = (socket: WebSocket) =>
	new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

describe('the console relay', () => {
	it('shows the machine screen to a viewer that offered no password', async () => {
		const site = await relaySite(await runningConsole());
		const viewer = new WebSocket(site.url);
		const frame = await firstFrame(viewer);
		expect(frame).toMatchObject({ width: 640, height: 400, name: 'frostnode' });
		expect(frame.lit).toBeGreaterThan(1000);
		viewer.close();
	});

	it('lets a ticket open the console once only', async () => {
		const ticket = await runningConsole();
		const site = await relaySite(ticket);
		const first = new WebSocket(site.url);
		await firstFrame(first);
		const second = new WebSocket(site.url);
		await expect(firstFrame(second)).rejects.toThrow('closed');
		first.close();
	});

	it('closes when the console refuses the password', async () => {
		const site = await relaySite(await runningConsole(), 'wrong!!!');
		const viewer = new WebSocket(site.url);
		expect(await closed(viewer)).toBe(1011);
		expect(site.ended).toEqual(['console refused us']);
	});

	it('closes a console nobody types into', async () => {
		const site = await relaySite(await runningConsole(), undefined, 300);
		const viewer = new WebSocket(site.url);
		await firstFrame(viewer);
		expect(await closed(viewer)).toBe(4000);
		expect(site.ended).toEqual(['idle']);
	});
});
