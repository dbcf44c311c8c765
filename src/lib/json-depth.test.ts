import { describe, expect, it } from 'vitest';
import { nestingDepthExceeds } from './json-depth';

describe('nestingDepthExceeds', () => {
	it('finds deep nesting of arrays and objects', () => {
		expect(nestingDepthExceeds('['.repeat(50_000), 32)).toBe(true);
		expect(nestingDepthExceeds('{"a":'.repeat(33) + '1' + '}'.repeat(33), 32)).toBe(true);
	});

	it('allows nesting up to the limit', () => {
		expect(nestingDepthExceeds('['.repeat(32) + ']'.repeat(32), 32)).toBe(false);
		expect(nestingDepthExceeds('[[1],[2],[3],{"a":[4]}]', 3)).toBe(false);
	});

	it('ignores brackets inside strings, escaped quotes included', () => {
		expect(nestingDepthExceeds(JSON.stringify({ a: '[[[[[[\\"[[[[' }), 2)).toBe(false);
		expect(nestingDepthExceeds('["\\\\", [[1]]]', 2)).toBe(true);
	});
});
