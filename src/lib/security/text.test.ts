import { describe, expect, it } from 'vitest';
import { allTextStorable, isStorableText } from './text';

describe('storable text', () => {
	it('takes ordinary text, emoji (a surrogate pair) included', () => {
		expect(isStorableText('Hei, æøå 🎮')).toBe(true);
		expect(allTextStorable({ a: ['b', { 'c 🎮': 'd' }], n: 1, t: true, z: null })).toBe(true);
	});

	it('refuses NUL and lone surrogates, in values and in keys, however deep', () => {
		expect(isStorableText('a\u0000b')).toBe(false);
		expect(isStorableText('a\ud800b')).toBe(false);
		expect(isStorableText('\udc00')).toBe(false);
		expect(allTextStorable(JSON.parse('{"m":"x\\u0000"}'))).toBe(false);
		expect(allTextStorable(JSON.parse('{"a":[{"b":"\\ud83c"}]}'))).toBe(false);
		expect(allTextStorable(JSON.parse('{"\\u0000":1}'))).toBe(false);
	});
});
