/**
 * Flags drawn as SVG for the countries of the closed set of locations (src/lib/domain/location.ts):
 * a flag emoji is two letters on systems without colour emoji (Windows among them), so the pages
 * draw these; any other country falls back to its emoji (`flagEmoji`). Colours and proportions are
 * the official ones, simplified to whole units.
 */
export interface FlagShape {
	/** Width and height in the flag's units. */
	size: readonly [number, number];
	/** Rectangles painted in order: x, y, width, height, colour. */
	rects: readonly (readonly [number, number, number, number, string])[];
}

/** A Nordic cross: the field, then each cross from the widest in, as [x, y, thickness]. */
function nordic(
	size: readonly [number, number],
	field: string,
	crosses: readonly (readonly [number, number, number, string])[],
): FlagShape {
	const [width, height] = size;
	return {
		size,
		rects: [
			[0, 0, width, height, field],
			...crosses.flatMap(
				([x, y, thick, colour]) =>
					[
						[x, 0, thick, height, colour],
						[0, y, width, thick, colour],
					] as const,
			),
		],
	};
}

export const flagShapes: Readonly<Record<string, FlagShape>> = {
	NO: nordic([22, 16], '#ba0c2f', [
		[6, 6, 4, '#ffffff'],
		[7, 7, 2, '#00205b'],
	]),
	SE: nordic([16, 10], '#006aa7', [[5, 4, 2, '#fecc02']]),
	DK: nordic([37, 28], '#c8102e', [[12, 12, 4, '#ffffff']]),
	FI: nordic([18, 11], '#ffffff', [[5, 4, 3, '#002f6c']]),
	DE: {
		size: [5, 3],
		rects: [
			[0, 0, 5, 1, '#000000'],
			[0, 1, 5, 1, '#dd0000'],
			[0, 2, 5, 1, '#ffce00'],
		],
	},
};
