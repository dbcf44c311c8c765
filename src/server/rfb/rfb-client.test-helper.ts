import type { WebSocket } from 'ws';
import { ByteQueue } from './byte-queue';

// A minimal RFB 3.8 viewer for tests: the handshake with security None (what the relay offers the
// browser), ServerInit, one full framebuffer request, and the first update's raw pixels.

export interface FirstFrame {
	width: number;
	height: number;
	name: string;
	/** How many pixels of the update are not black. */
	lit: number;
}

export async function firstFrame(socket: WebSocket): Promise<FirstFrame> {
	const input = new ByteQueue();
	socket.on('message', (data: Buffer) => input.push(data));
	socket.on('close', () => input.fail(new Error('closed')));
	const version = (await input.take(12)).toString('latin1');
	if (version !== 'RFB 003.008\n') throw new Error(`version ${version}`);
	socket.send(Buffer.from('RFB 003.008\n'));
	const types = await input.take((await input.take(1))[0] ?? 0);
	if (!types.includes(1)) throw new Error(`security types ${[...types].join(',')}`);
	socket.send(Uint8Array.of(1));
	if ((await input.take(4)).readUInt32BE(0) !== 0) throw new Error('security refused');
	socket.send(Uint8Array.of(1));
	const init = await input.take(24);
	const name = (await input.take(init.readUInt32BE(20))).toString('utf8');
	const width = init.readUInt16BE(0);
	const height = init.readUInt16BE(2);
	// As noVNC does: the encodings it takes (raw, and the DesktopSize pseudo-encoding) first.
	const encodings = Buffer.alloc(12);
	encodings[0] = 2;
	encodings.writeUInt16BE(2, 2);
	encodings.writeInt32BE(0, 4);
	encodings.writeInt32BE(-223, 8);
	socket.send(encodings);
	const request = Buffer.alloc(10);
	request[0] = 3;
	request.writeUInt16BE(width, 6);
	request.writeUInt16BE(height, 8);
	socket.send(request);
	const header = await input.take(4);
	if (header[0] !== 0) throw new Error(`server message ${header[0]}`);
	let lit = 0;
	for (let r = 0; r < header.readUInt16BE(2); r += 1) {
		const rect = await input.take(12);
		if (rect.readInt32BE(8) !== 0) throw new Error('not raw');
		const pixels = await input.take(rect.readUInt16BE(4) * rect.readUInt16BE(6) * 4);
		for (let i = 0; i < pixels.length; i += 4) if (pixels.readUInt32LE(i) !== 0) lit += 1;
	}
	return { width, height, name, lit };
}
