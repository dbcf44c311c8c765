import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { findVpsImage } from '../../lib/vps/images';
import { createSimulatedHypervisor } from '../hypervisor/simulated';
import type { ConsoleSocket, ConsoleTicket, MachineSpec } from '../hypervisor/types';
import { ByteQueue } from '../rfb/byte-queue';
import { relay } from './relay';
import { firstFrame } from '../rfb/rfb-client.test-helper';
import { openUpstream } from './upstream';
import { vncResponse } from '../rfb/vnc-auth';

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
async function relaySite(
	ticket: Pick<ConsoleTicket, 'socket' | 'password'>,
	password = ticket.password,
	idleMs = 60_000,
) {
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

/** Reads exact lengths from a WebSocket's RFB stream. */
function reader(socket: WebSocket) {
	const input = new ByteQueue();
	socket.on('message', (data: Buffer) => input.push(data));
	socket.on('close', () => input.fail(new Error('closed')));
	return (size: number) => input.take(size);
}

/**
 * An RFB server of `version` with VNC authentication by `password`, as QEMU answers: a 3.8
 * failure's reason counted with its C string's NUL. Records what the relay sent as its version;
 * shows a 1x1 screen.
 */
async function olderServer(version: string, password: string) {
	const heard: string[] = [];
	const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	servers.push(server);
	server.on('connection', (socket) => {
		const take = reader(socket);
		void (async () => {
			socket.send(Buffer.from(`RFB ${version}\n`));
			heard.push((await take(12)).toString('latin1'));
			if (version === '003.003') socket.send(Buffer.from([0, 0, 0, 2]));
			else {
				socket.send(Uint8Array.of(1, 2));
				await take(1);
			}
			const challenge = Buffer.alloc(16, 7);
			socket.send(challenge);
			if (!(await take(16)).equals(vncResponse(password, challenge))) {
				const why = Buffer.from('Authentication failed\0');
				const length = Buffer.from([0, 0, 0, why.length]);
				socket.send(Buffer.concat([Buffer.from([0, 0, 0, 1]), length, why]));
				return socket.close();
			}
			socket.send(Buffer.from([0, 0, 0, 0]));
			await take(1);
			const init = Buffer.from([0, 1, 0, 1, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0]);
			socket.send(
				Buffer.concat([init, Buffer.alloc(3), Buffer.from([0, 0, 0, 3]), Buffer.from('old')]),
			);
			await take(12); // SetEncodings with two encodings
			await take(10); // FramebufferUpdateRequest
			const rect = Buffer.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]);
			socket.send(Buffer.concat([rect, Buffer.from([0, 0xc0, 0, 0])]));
		})().catch(() => socket.terminate());
	});
	await new Promise((resolve) => server.once('listening', resolve));
	const socket: ConsoleSocket = {
		url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
		headers: {},
	};
	return { socket, heard };
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

	it('closes a console nobody types into', async () => {
		const site = await relaySite(await runningConsole(), undefined, 300);
		const viewer = new WebSocket(site.url);
		// The viewer shows the screen if it gets there before the timer; either way it is closed.
		const shown = firstFrame(viewer).catch(() => null);
		expect(await closed(viewer)).toBe(4000);
		await shown;
		expect(site.ended).toEqual(['idle']);
	});

	it('tells the viewer why the console refused the password, as a 3.8 server says it', async () => {
		const site = await relaySite(await runningConsole(), 'wrong!!!');
		const viewer = new WebSocket(site.url);
		expect(await closed(viewer)).toBe(1011);
		expect(site.ended).toEqual(['console refused us: Authentication failed']);
	});

	it('asks an older server for its own version, and reads a QEMU-style reason', async () => {
		for (const version of ['003.003', '003.007', '003.008']) {
			const upstream = await olderServer(version, 'k3!x@Q9z');
			const site = await relaySite({ socket: upstream.socket, password: 'k3!x@Q9z' });
			const viewer = new WebSocket(site.url);
			expect(await firstFrame(viewer)).toMatchObject({ width: 1, height: 1, name: 'old', lit: 1 });
			viewer.close();
			expect(upstream.heard).toEqual([`RFB ${version}\n`]);
		}
		const refusing = await olderServer('003.008', 'k3!x@Q9z');
		const site = await relaySite({ socket: refusing.socket, password: 'wrong!!!' });
		expect(await closed(new WebSocket(site.url))).toBe(1011);
		expect(site.ended).toEqual(['console refused us: Authentication failed']);
	});

	it('speaks 3.3 and 3.7 to a viewer that asks: None, and no SecurityResult after it', async () => {
		for (const version of ['003.003', '003.007', '003.889']) {
			const site = await relaySite(await runningConsole()); // a ticket opens one console
			const viewer = new WebSocket(site.url);
			const take = reader(viewer);
			expect((await take(12)).toString('latin1')).toBe('RFB 003.008\n');
			viewer.send(Buffer.from(`RFB ${version}\n`));
			if (version === '003.007') {
				expect([...(await take(2))]).toEqual([1, 1]);
				viewer.send(Uint8Array.of(1));
			} else expect([...(await take(4))]).toEqual([0, 0, 0, 1]);
			// Straight on to ClientInit and ServerInit: the screen's size, then its format.
			viewer.send(Uint8Array.of(1));
			const init = await take(24);
			expect([init.readUInt16BE(0), init.readUInt16BE(2), init[4]]).toEqual([640, 400, 32]);
			viewer.close();
		}
	});
});
