import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ByteQueue } from './byte-queue';
import { openSimulatedConsole } from './rfb-server';
import { vncResponse } from './vnc-auth';

// The simulated console against a client written from RFC 6143 itself, not from noVNC (which
// only ever speaks 3.8 with true colour in 32 bits): each published version's handshake
// (section 7.1, and appendix A for 3.3 and 3.7), the SecurityResult's reason (7.1.3),
// SetPixelFormat (7.5.1) with FramebufferUpdate's raw encoding (7.6.1, 7.7.1), and a colour map
// (7.6.2).

const lines = ['Debian GNU/Linux 12 console tty1', '', 'console login: '];

interface Peer {
	take(size: number): Promise<Buffer>;
	send(...bytes: (Buffer | number[])[]): void;
	/** Every byte the server sent after what was taken, once it has closed. */
	rest(): Promise<Buffer>;
	password: string;
}

async function connect(): Promise<Peer> {
	const vnc = await openSimulatedConsole(lines);
	const socket = new WebSocket(`ws://${vnc.host}:${vnc.port}/?vncticket=${vnc.ticket}`);
	const input = new ByteQueue();
	const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
	socket.on('message', (data: Buffer) => input.push(data));
	socket.on('close', () => input.fail(new Error('closed')));
	await new Promise((resolve) => socket.once('open', resolve));
	return {
		take: (size) => input.take(size),
		send: (...bytes) => socket.send(Buffer.concat(bytes.map((b) => Buffer.from(b)))),
		rest: () => closed.then(() => input.drain()),
		password: vnc.password,
	};
}

const u16 = (value: number) => [value >> 8, value & 0xff];
const u32 = (buffer: Buffer) => buffer.readUInt32BE(0);

/** ProtocolVersion, then the security handshake as `version` has it, with VNC authentication. */
async function authenticate(peer: Peer, version: string, password = peer.password) {
	expect((await peer.take(12)).toString('latin1')).toBe('RFB 003.008\n');
	peer.send(Buffer.from(`RFB ${version}\n`, 'latin1'));
	if (version === '003.007' || version === '003.008') {
		const types = await peer.take((await peer.take(1))[0]!);
		expect([...types]).toContain(2);
		peer.send([2]);
	} else {
		// 3.3: the server decides, and says which as a U32 (no list, nothing chosen).
		expect(u32(await peer.take(4))).toBe(2);
	}
	peer.send(vncResponse(password, await peer.take(16)));
	return u32(await peer.take(4));
}

/** ClientInit, ServerInit; the framebuffer's size. */
async function initialise(peer: Peer) {
	peer.send([1]);
	const init = await peer.take(24);
	await peer.take(init.readUInt32BE(20));
	return {
		width: init.readUInt16BE(0),
		height: init.readUInt16BE(2),
		format: init.subarray(4, 20),
	};
}

interface Rect {
	x: number;
	y: number;
	w: number;
	h: number;
}

/** A non-incremental FramebufferUpdateRequest for `rect`; the one raw rectangle's pixels. */
async function update(peer: Peer, rect: Rect, bytesPerPixel: number) {
	peer.send([3, 0], u16(rect.x), u16(rect.y), u16(rect.w), u16(rect.h));
	const header = await peer.take(4);
	expect(header[0]).toBe(0);
	expect(header.readUInt16BE(2)).toBe(1);
	const r = await peer.take(12);
	expect({
		x: r.readUInt16BE(0),
		y: r.readUInt16BE(2),
		w: r.readUInt16BE(4),
		h: r.readUInt16BE(6),
	}).toEqual(rect);
	expect(r.readInt32BE(8)).toBe(0); // raw: the pixels, row by row, nothing else
	return peer.take(rect.w * rect.h * bytesPerPixel);
}

/** SetPixelFormat: three bytes of padding, the 16-byte PIXEL_FORMAT, three more of padding. */
function setPixelFormat(
	peer: Peer,
	f: {
		bpp: number;
		depth: number;
		bigEndian: boolean;
		trueColour: boolean;
		max: number[];
		shift: number[];
	},
) {
	peer.send(
		[0, 0, 0, 0, f.bpp, f.depth, f.bigEndian ? 1 : 0, f.trueColour ? 1 : 0],
		f.max.flatMap(u16),
		f.shift,
		[0, 0, 0],
	);
}

describe('the simulated console, by RFC 6143', () => {
	it('tells a 3.3 client the security type as one U32, and authenticates it', async () => {
		const peer = await connect();
		expect(await authenticate(peer, '003.003')).toBe(0);
		expect(await initialise(peer)).toMatchObject({ width: 640, height: 400 });
	});

	it('speaks 3.3 to a version the RFC does not publish', async () => {
		const peer = await connect();
		expect(await authenticate(peer, '003.889')).toBe(0);
		expect(await initialise(peer)).toMatchObject({ width: 640, height: 400 });
	});

	it('lets a 3.7 client choose, and closes a failed one without a reason', async () => {
		const good = await connect();
		expect(await authenticate(good, '003.007')).toBe(0);
		await initialise(good);
		const bad = await connect();
		expect(await authenticate(bad, '003.007', 'wrong!!!')).toBe(1);
		expect((await bad.rest()).length).toBe(0);
	});

	it('tells a failed 3.8 client the reason before closing', async () => {
		const peer = await connect();
		expect(await authenticate(peer, '003.008', 'wrong!!!')).toBe(1);
		const rest = await peer.rest();
		const length = rest.readUInt32BE(0);
		expect(length).toBeGreaterThan(0);
		expect(rest.length).toBe(4 + length);
		expect(rest.subarray(4).toString('utf8')).toMatch(/authentication/i);
	});

	it('sends 16-bit pixels to a client that set RGB565, in the rectangle it asked for', async () => {
		const peer = await connect();
		expect(await authenticate(peer, '003.008')).toBe(0);
		const { width, height, format } = await initialise(peer);
		// ServerInit's own format: 32 bits, depth 24, little-endian, true colour, 8 bits a channel.
		expect([...format]).toEqual([32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0]);
		const whole = { x: 0, y: 0, w: width, h: height };
		const natural = await update(peer, whole, 4);
		const lit = (i: number) => natural.readUInt32LE(i * 4) !== 0;

		setPixelFormat(peer, {
			bpp: 16,
			depth: 16,
			bigEndian: true,
			trueColour: true,
			max: [31, 63, 31],
			shift: [11, 5, 0],
		});
		const pixels = await update(peer, whole, 2);
		// Black where the natural frame is black; elsewhere one colour, the text's light grey
		// (0xc0 of 0xff a channel) scaled to each channel's maximum.
		const litValues = new Map<number, number>();
		let wrongBlack = 0;
		for (let i = 0; i < width * height; i += 1) {
			const value = pixels.readUInt16BE(i * 2);
			if (lit(i)) litValues.set(value, (litValues.get(value) ?? 0) + 1);
			else if (value !== 0) wrongBlack += 1;
		}
		expect(wrongBlack).toBe(0);
		expect(litValues.size).toBe(1);
		const [[grey = 0, count = 0] = []] = litValues;
		expect(count).toBeGreaterThan(1000);
		const channels = [(grey >> 11) & 31, (grey >> 5) & 63, grey & 31];
		[31, 63, 31].forEach((max, c) =>
			expect(Math.abs(channels[c]! / max - 0xc0 / 255)).toBeLessThanOrEqual(1 / max),
		);

		// A part of the screen: that rectangle, two bytes a pixel, rows of its own width.
		const part = { x: 10, y: 3, w: 101, h: 37 };
		const cut = await update(peer, part, 2);
		let wrong = 0;
		for (let y = 0; y < part.h; y += 1)
			for (let x = 0; x < part.w; x += 1) {
				const value = cut.readUInt16BE((y * part.w + x) * 2);
				if (value !== (lit((part.y + y) * width + part.x + x) ? grey : 0)) wrong += 1;
			}
		expect(wrong).toBe(0);
	});

	it('sends a colour map, then one-byte indices, to a client without true colour', async () => {
		const peer = await connect();
		expect(await authenticate(peer, '003.008')).toBe(0);
		const { width, height } = await initialise(peer);
		const natural = await update(peer, { x: 0, y: 0, w: width, h: height }, 4);
		setPixelFormat(peer, {
			bpp: 8,
			depth: 8,
			bigEndian: false,
			trueColour: false,
			max: [0, 0, 0],
			shift: [0, 0, 0],
		});
		// SetColourMapEntries: type 1, padding, first colour, how many, then 16-bit r, g, b each.
		const head = await peer.take(6);
		expect(head[0]).toBe(1);
		const first = head.readUInt16BE(2);
		const colours = await peer.take(head.readUInt16BE(4) * 6);
		const colour = (index: number) => {
			const at = (index - first) * 6;
			return [colours.readUInt16BE(at), colours.readUInt16BE(at + 2), colours.readUInt16BE(at + 4)];
		};
		const whole = { x: 0, y: 0, w: width, h: height };
		const indices = await update(peer, whole, 1);
		let wrong = 0;
		for (let i = 0; i < width * height; i += 1) {
			const [r, g, b] = colour(indices[i]!);
			if (r! + g! + b! > 0 !== (natural.readUInt32LE(i * 4) !== 0)) wrong += 1;
		}
		expect(wrong).toBe(0);
	});
});
