import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, exceedsJsonDepth } from './index.ts';

const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('exceedsJsonDepth', () => {
	it('allows nesting up to the limit and refuses one level more', () => {
		expect(exceedsJsonDepth(arrays(MAX_JSON_DEPTH))).toBe(false);
		expect(exceedsJsonDepth(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
		expect(exceedsJsonDepth(objects(3), 3)).toBe(false);
		expect(exceedsJsonDepth(objects(4), 3)).toBe(true);
		expect(exceedsJsonDepth('[{"a":[1]}]', 2)).toBe(true);
	});

	it('measures depth, not the number of containers', () => {
		const wide = `[${Array.from({ length: 10_000 }, () => '{"a":[1,2]}').join(',')}]`;
		expect(exceedsJsonDepth(wide, 3)).toBe(false);
	});

	it('does not count brackets inside strings, escaped quotes included', () => {
		expect(exceedsJsonDepth(JSON.stringify({ text: '[[[[[[{{{{{{' }), 2)).toBe(false);
		expect(exceedsJsonDepth(JSON.stringify({ text: 'say \\"[[[[" and [[[[' }), 2)).toBe(false);
		expect(exceedsJsonDepth('["\\\\", [[1]]]', 2)).toBe(true);
		expect(exceedsJsonDepth('["\\\\", [1]]', 2)).toBe(false);
	});

	it('answers for 50,000 levels without recursing', () => {
		expect(exceedsJsonDepth(arrays(50_000))).toBe(true);
		expect(exceedsJsonDepth(objects(50_000))).toBe(true);
		expect(exceedsJsonDepth('[' + '"a",'.repeat(50_000) + '1]')).toBe(false);
	});

	it('leaves malformed text to the parser', () => {
		expect(exceedsJsonDepth(']' + '['.repeat(1000))).toBe(false);
		expect(exceedsJsonDepth('"unterminated [[[[', 1)).toBe(false);
		expect(exceedsJsonDepth('')).toBe(false);
	});
});
