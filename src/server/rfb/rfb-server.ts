import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { ByteQueue } from './byte-queue';
import {
	colourMapEntries,
	encodeRect,
	formatBytes,
	naturalFormat,
	parseFormat,
	type PixelFormat,
	type Rect,
} from './pixel-format';
import { acceptViewer, RfbRefused, type RfbPeer } from './rfb-handshake';
import { renderScreen, screenColours, screenHeight, screenWidth } from './screen';

// The simulated hypervisor's console: a minimal RFB server (RFC 6143: 3.8, and 3.7 and 3.3 to
// viewers that ask) on a loopback WebSocket, reached like Proxmox's vncwebsocket (`?port=&
// vncticket=`, ticket valid 10 s, once). It asks for VNC authentication with the ticket's password,
// as QEMU behind vncproxy does, and answers every non-incremental framebuffer request with that
// area of the machine's text screen, raw-encoded in the viewer's pixel format (pixel-format.ts).

interface Pending {
	password: string;
	lines: readonly string[];
	expires: number;
}

const ticketWindowMs = 10_000;
const pending = new Map<string, Pending>();
let listening: Promise<number> | null = null;

/** The loopback port of the console server, started on first use. */
function serverPort(): Promise<number> {
	listening ??= new Promise((resolve) => {
		const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
		wss.on('listening', () => resolve((wss.address() as AddressInfo).port));
		wss.on('connection', (socket, request) => {
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			const ticket = url.searchParams.get('vncticket') ?? '';
			const session = pending.get(ticket);
			pending.delete(ticket);
			if (!session || session.expires < Date.now()) return socket.close(1008, 'invalid ticket');
			void serveRfb(socket, session.password, session.lines).catch(() => socket.terminate());
		});
	});
	return listening;
}

/** A one-time ticket for a console showing `lines`; where to connect, as vncproxy answers. */
export async function openSimulatedConsole(lines: readonly string[]) {
	const password = randomBytes(4).toString('hex');
	const ticket = `PVEVNC:${randomBytes(16).toString('hex')}`;
	pending.set(ticket, { password, lines, expires: Date.now() + ticketWindowMs });
	const port = await serverPort();
	return { host: '127.0.0.1', port, ticket, password };
}

/** One viewer's RFB session: VNC authentication with `password`, then the text screen. */
export async function serveRfb(
	socket: WebSocket,
	password: string,
	lines: readonly string[],
): Promise<void> {
	const input = new ByteQueue();
	socket.on('message', (data: Buffer) => input.push(data));
	socket.on('close', () => input.fail(new Error('closed')));
	const peer = {
		take: (size: number) => input.take(size),
		send: (b: Uint8Array) => socket.send(b),
	};
	try {
		await acceptViewer(peer, { password });
	} catch (error) {
		if (error instanceof RfbRefused) return socket.close();
		throw error;
	}
	await input.take(1); // ClientInit: shared or not, one viewer either way
	const name = Buffer.from('frostnode');
	const init = Buffer.alloc(24 + name.length);
	init.writeUInt16BE(screenWidth, 0);
	init.writeUInt16BE(screenHeight, 2);
	formatBytes(naturalFormat).copy(init, 4);
	init.writeUInt32BE(name.length, 20);
	name.copy(init, 24);
	peer.send(init);
	await clientMessages(peer, lines);
}

/** Client-to-server messages (RFC 6143 section 7.5) until the viewer goes. */
async function clientMessages(peer: RfbPeer, lines: readonly string[]): Promise<never> {
	let format = naturalFormat;
	for (;;) {
		const type = (await peer.take(1))[0];
		if (type === 0) {
			format = parseFormat((await peer.take(19)).subarray(3));
			// A new colour-map format starts with an empty map: fill it before any pixel.
			if (!format.trueColour) peer.send(colourMapEntries(screenColours));
		} else if (type === 2) {
			await peer.take(4 * (await peer.take(3)).readUInt16BE(1));
		} else if (type === 3) {
			const request = await peer.take(9);
			// Incremental requests wait: the text does not change while nobody types.
			if (request[0] === 0) peer.send(update(lines, format, requested(request)));
		} else if (type === 4 || type === 5) await peer.take(type === 4 ? 7 : 5);
		else if (type === 6) await peer.take((await peer.take(7)).readUInt32BE(3));
		else throw new Error(`RFB client message ${type}`);
	}
}

/** The requested area, within the screen. */
function requested(request: Buffer): Rect {
	const x = Math.min(request.readUInt16BE(1), screenWidth);
	const y = Math.min(request.readUInt16BE(3), screenHeight);
	const w = Math.min(request.readUInt16BE(5), screenWidth - x);
	const h = Math.min(request.readUInt16BE(7), screenHeight - y);
	return { x, y, w, h };
}

/** A FramebufferUpdate of one raw rectangle. */
function update(lines: readonly string[], format: PixelFormat, rect: Rect): Buffer {
	const header = Buffer.alloc(16);
	header.writeUInt16BE(1, 2);
	header.writeUInt16BE(rect.x, 4);
	header.writeUInt16BE(rect.y, 6);
	header.writeUInt16BE(rect.w, 8);
	header.writeUInt16BE(rect.h, 10);
	const pixels = encodeRect(renderScreen(lines), screenWidth, rect, format, screenColours);
	return Buffer.concat([header, pixels]);
}
