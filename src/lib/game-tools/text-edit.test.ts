import { describe, expect, it } from 'vitest';
import { byteLength, lineChanges } from './text-edit';

describe('lineChanges', () => {
	it('counts a line edited in place once', () => {
		const before = 'motd=A Minecraft Server\npvp=true\nmax-players=20\n';
		const after = 'motd=Hello\npvp=true\nmax-players=20\n';
		expect(lineChanges(before, after)).toEqual({ added: 1, removed: 1, changed: 1 });
	});

	it('adds up separate hunks rather than netting them', () => {
		const before = 'a\nb\nc\nd\ne\n';
		const after = 'x\ny\nb\nc\ne\n';
		// a→x,y (2) and d removed (1)
		expect(lineChanges(before, after)).toEqual({ added: 2, removed: 2, changed: 3 });
	});

	it('says nothing changed for the same text', () => {
		expect(lineChanges('a\nb\n', 'a\nb\n')).toEqual({ added: 0, removed: 0, changed: 0 });
	});

	it('measures UTF-8 bytes, not characters', () => {
		expect(byteLength('æøå')).toBe(6);
	});
});
