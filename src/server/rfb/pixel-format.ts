// RFB pixel formats (RFC 6143 section 7.4): how the simulated console writes its screen for a
// viewer, in the format the viewer set (7.5.1) or its own natural one, as raw rectangles (7.7.1).
// In true colour each channel is scaled to its maximum and shifted into place; otherwise a pixel
// is an index into the colour map the server sends (7.6.2).

export interface PixelFormat {
	bitsPerPixel: 8 | 16 | 32;
	depth: number;
	bigEndian: boolean;
	trueColour: boolean;
	/** Red, green, blue. */
	max: readonly [number, number, number];
	shift: readonly [number, number, number];
}

/** The server's own format, as ServerInit announces it: 32 bits, depth 24, little-endian. */
export const naturalFormat: PixelFormat = {
	bitsPerPixel: 32,
	depth: 24,
	bigEndian: false,
	trueColour: true,
	max: [255, 255, 255],
	shift: [16, 8, 0],
};

/** The 16 bytes of PIXEL_FORMAT. */
export function formatBytes(format: PixelFormat): Buffer {
	const bytes = Buffer.alloc(16);
	bytes[0] = format.bitsPerPixel;
	bytes[1] = format.depth;
	bytes[2] = format.bigEndian ? 1 : 0;
	bytes[3] = format.trueColour ? 1 : 0;
	format.max.forEach((max, i) => bytes.writeUInt16BE(max, 4 + i * 2));
	format.shift.forEach((shift, i) => (bytes[10 + i] = shift));
	return bytes;
}

/** Reads PIXEL_FORMAT; bits per pixel must be 8, 16 or 32 and hold the depth. */
export function parseFormat(bytes: Buffer): PixelFormat {
	const bitsPerPixel = bytes[0];
	const depth = bytes[1] ?? 0;
	if (bitsPerPixel !== 8 && bitsPerPixel !== 16 && bitsPerPixel !== 32)
		throw new Error(`RFB pixel format of ${bitsPerPixel} bits`);
	if (depth > bitsPerPixel) throw new Error(`RFB depth ${depth} over ${bitsPerPixel} bits`);
	return {
		bitsPerPixel,
		depth,
		bigEndian: bytes[2] !== 0,
		trueColour: bytes[3] !== 0,
		max: [bytes.readUInt16BE(4), bytes.readUInt16BE(6), bytes.readUInt16BE(8)],
		shift: [bytes[10] ?? 0, bytes[11] ?? 0, bytes[12] ?? 0],
	};
}

/** SetColourMapEntries from index 0: each colour's channels scaled to 16 bits. */
export function colourMapEntries(colours: readonly (readonly number[])[]): Buffer {
	const message = Buffer.alloc(6 + colours.length * 6);
	message[0] = 1;
	message.writeUInt16BE(colours.length, 4);
	colours.forEach((rgb, i) =>
		rgb.forEach((channel, c) => message.writeUInt16BE(channel * 257, 6 + i * 6 + c * 2)),
	);
	return message;
}

export interface Rect {
	x: number;
	y: number;
	w: number;
	h: number;
}

/**
 * The pixels of `rect` from an RGB screen `width` wide (one byte a channel), in `format`; with
 * a colour map, each pixel is the index of its colour in `colours`.
 */
export function encodeRect(
	rgb: Uint8Array,
	width: number,
	rect: Rect,
	format: PixelFormat,
	colours: readonly (readonly number[])[],
): Buffer {
	const size = format.bitsPerPixel / 8;
	const out = Buffer.alloc(rect.w * rect.h * size);
	// Multiplying, not shifting: JavaScript's << is signed 32-bit.
	const scaled = (value: number, c: 0 | 1 | 2) =>
		Math.round((value * format.max[c]) / 255) * 2 ** format.shift[c];
	const valueOf = (r: number, g: number, b: number) =>
		format.trueColour
			? scaled(r, 0) + scaled(g, 1) + scaled(b, 2)
			: Math.max(
					0,
					colours.findIndex(([cr, cg, cb]) => cr === r && cg === g && cb === b),
				);
	// A screen has few colours: each one's bytes, in wire order, are worked out once.
	const known = new Map<number, Uint8Array>();
	const wire = (key: number) => {
		const value = valueOf(key >> 16, (key >> 8) & 255, key & 255) % 2 ** (size * 8);
		const bytes = new Uint8Array(size);
		for (let i = 0; i < size; i += 1)
			bytes[format.bigEndian ? size - 1 - i : i] = Math.floor(value / 256 ** i) % 256;
		known.set(key, bytes);
		return bytes;
	};
	let lastKey = -1;
	let last: Uint8Array = new Uint8Array(size);
	for (let y = 0; y < rect.h; y += 1) {
		let at = ((rect.y + y) * width + rect.x) * 3;
		let o = y * rect.w * size;
		for (let x = 0; x < rect.w; x += 1, at += 3, o += size) {
			const key = ((rgb[at] ?? 0) << 16) | ((rgb[at + 1] ?? 0) << 8) | (rgb[at + 2] ?? 0);
			if (key !== lastKey) {
				last = known.get(key) ?? wire(key);
				lastKey = key;
			}
			for (let i = 0; i < size; i += 1) out[o + i] = last[i]!;
		}
	}
	return out;
}
