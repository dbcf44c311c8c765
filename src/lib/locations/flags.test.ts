import { describe, expect, it } from 'vitest';
import { locations } from './catalogue';
import { flagShapes } from './flags';

// Every location's flag is drawn (an emoji flag is two letters where colour emoji are missing).

describe('the flags', () => {
	it('cover the country of every open location', () => {
		expect(locations.filter((location) => !flagShapes[location.country])).toEqual([]);
		expect(Object.keys(flagShapes).sort()).toEqual(['DE', 'DK', 'FI', 'NO', 'SE']);
	});

	it('paint inside their own size', () => {
		for (const [code, { size, rects }] of Object.entries(flagShapes))
			for (const [x, y, width, height] of rects)
				expect([code, x + width <= size[0] && y + height <= size[1]]).toEqual([code, true]);
	});
});
