import { glyph } from './screen-font';

// The simulated machine's screen as pixels: light grey text on black, each font dot drawn 2x2
// in a 12x18 cell, like a text console seen through VNC.

export const screenWidth = 640;
export const screenHeight = 400;
const scale = 2;
const cellWidth = 6 * scale;
const cellHeight = 9 * scale;
const foreground = [0xc0, 0xc0, 0xc0] as const;
/** Every colour on the screen (background first), for a viewer with a colour map. */
export const screenColours: readonly (readonly number[])[] = [[0, 0, 0], foreground];

/** One byte a channel (r, g, b) a pixel, row after row. */
export function renderScreen(lines: readonly string[]): Uint8Array {
	const rgb = new Uint8Array(screenWidth * screenHeight * 3);
	const rows = Math.floor(screenHeight / cellHeight);
	const columns = Math.floor(screenWidth / cellWidth);
	lines.slice(-rows).forEach((line, row) => {
		[...line.slice(0, columns)].forEach((char, column) => {
			glyph(char).forEach((bits, dx) => {
				for (let dy = 0; dy < 7; dy += 1) {
					if (!(bits & (1 << dy))) continue;
					for (let s = 0; s < scale * scale; s += 1) {
						const x = column * cellWidth + dx * scale + (s % scale);
						const y = row * cellHeight + 2 + dy * scale + Math.floor(s / scale);
						rgb.set(foreground, (y * screenWidth + x) * 3);
					}
				}
			});
		});
	});
	return rgb;
}
