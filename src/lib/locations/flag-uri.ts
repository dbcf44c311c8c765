import { flagShapes } from './flags';
import { flagEmoji } from './names';

/**
 * A country's flag as an image address (`data:image/svg+xml,…`, which the site's img-src allows):
 * the shape Flag.astro draws, for islands that get it as a prop and show it as a plain `<img>`
 * with no drawing code of their own. A country without a shape gets its emoji drawn as text.
 */
export function flagImage(code: string): string {
	const shape = flagShapes[code];
	const svg = shape
		? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${shape.size[0]} ${shape.size[1]}">${shape.rects
				.map(
					([x, y, w, h, fill]) =>
						`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`,
				)
				.join('')}</svg>`
		: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 16"><text y="14" font-size="14">${flagEmoji(code)}</text></svg>`;
	return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
