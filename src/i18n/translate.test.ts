import { describe, expect, it } from 'vitest';
import { assertSameKeys, createTranslator, interpolate } from './translate';

describe('interpolate', () => {
	it('fills named placeholders', () => {
		expect(interpolate('{percent} % off with {code}', { percent: 25, code: 'SP25' })).toBe(
			'25 % off with SP25',
		);
	});
	it('refuses to render a placeholder it has no value for', () => {
		expect(() => interpolate('Hello {name}')).toThrow(/Missing value for \{name\}/);
	});
});

describe('createTranslator', () => {
	const t = createTranslator(
		{ 'games.count_one': '{count} game', 'games.count_other': '{count} games', hi: 'Hi' },
		'en-US',
	);
	it('chooses the plural form by count', () => {
		expect(t('games.count', { count: 1 })).toBe('1 game');
		expect(t('games.count', { count: 0 })).toBe('0 games');
		expect(t('games.count', { count: 12 })).toBe('12 games');
	});
	it('throws on an unknown key instead of showing it to a visitor', () => {
		expect(() => t('nope')).toThrow(/Unknown UI string "nope"/);
	});
});

describe('assertSameKeys', () => {
	it('names every missing and extra key per locale', () => {
		expect(() => assertSameKeys({ a: 'A', b: 'B' }, { da: { a: 'A', c: 'C' } })).toThrow(
			/da: missing "b"[\s\S]*da: extra "c"/,
		);
	});
	it('passes matching dictionaries', () => {
		expect(() => assertSameKeys({ a: 'A' }, { de: { a: 'Ä' } })).not.toThrow();
	});
});
