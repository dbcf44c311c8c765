import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { ByteQueue } from './byte-queue';
import { renderScreen, screenHeight, screenWidth } from './screen';
import { vncResponse } from './vnc-auth';

// The simulated hypervisor's console: a minimal RFB 3.8 server on a loopback WebSocket, reached
// like Proxmox's vncwebsocket (`?port=&vncticket=`, ticket valid 10 s, once). It asks for VNC
// authentication with the ticket's password, as QEMU behind vncproxy does, and answers every
// framebuffer request with the machine's text screen, raw-encoded in the client's pixel format.

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
	const send = (bytes: Uint8Array) => socket.send(bytes);
	send(Buffer.from('RFB 003.008\n'));
	await input.take(12);
	send(Uint8Array.of(1, 2));
	if ((await input.take(1))[0] !== 2) return socket.close();
	const challenge = randomBytes(16);
	send(challenge);
	const answer = await input.take(16);
	const ok = timingSafeEqual(answer, vncResponse(password, challenge));
	send(Uint8Array.of(0, 0, 0, ok ? 0 : 1));
	if (!ok) return socket.close();
	await input.take(1); // ClientInit: shared or not, one viewer either way
	const name = Buffer.from('frostnode');
	const init = Buffer.alloc(24 + name.length);
	init.writeUInt16BE(screenWidth, 0);
	init.writeUInt16BE(screenHeight, 2);
	Buffer.from([32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0]).copy(init, 4);
	init.writeUInt32BE(name.length, 20);
	name.copy(init, 24);
	send(init);
	await clientMessages(input, send, lines);
}

async function clientMessages(
	input: ByteQueue,
	send: (bytes: Uint8Array) => void,
	lines: readonly string[],
): Promise<never> {
	let format = { bigEndian: false, shifts: [16, 8, 0] };
	for (;;) {
		const type = (await input.take(1))[0];
		if (type === 0) {
			const f = await input.take(19);
			format = { bigEndian: f[5] !== 0, shifts: [f[13] ?? 16, f[14] ?? 8, f[15] ?? 0] };
		} else if (type === 2) {
			await input.take(4 * (await input.take(3)).readUInt16BE(1));
		} else if (type === 3) {
			const request = await input.take(9);
			// Incremental requests wait: the text does not change while nobody types.
			if (request[0] === 0) send(frame(lines, format));
		} else if (type === 4 || type === 5) await input.take(type === 4 ? 7 : 5);
		else if (type === 6) await input.take((await input.take(7)).readUInt32BE(3));
		else throw new Error(`RFB client message ${type}`);
	}
}

function frame(lines: readonly string[], format: { bigEndian: boolean; shifts: number[] }) {
	const rgb = renderScreen(lines);
	const out = Buffer.alloc(16 + screenWidth * screenHeight * 4);
	out.writeUInt16BE(1, 2);
	out.writeUInt16BE(screenWidth, 8);
	out.writeUInt16BE(screenHeight, 10);
	const [r = 16, g = 8, b = 0] = format.shifts;
	for (let i = 0; i < screenWidth * screenHeight; i += 1) {
		const pixel =
			(((rgb[i * 3] ?? 0) << r) | ((rgb[i * 3 + 1] ?? 0) << g) | ((rgb[i * 3 + 2] ?? 0) << b)) >>>
			0;
		if (format.bigEndian) out.writeUInt32BE(pixel, 16 + i * 4);
		else out.writeUInt32LE(pixel, 16 + i * 4);
	}
	return out;
}
