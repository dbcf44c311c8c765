import { describe, expect, it } from 'vitest';
import { alternatePaths, localizePath, splitLocale, unprefixedEnglishPath } from './paths';

describe('splitLocale', () => {
	it.each([
		['/games', 'en', '/games'],
		['/', 'en', '/'],
		['/da/games', 'da', '/games'],
		['/no', 'no', '/'],
		['/de/help/articles/a/b', 'de', '/help/articles/a/b'],
		['/dagames', 'en', '/dagames'],
		['/en/games', 'en', '/en/games'],
	])('%s is %s %s', (pathname, locale, path) => {
		expect(splitLocale(pathname)).toEqual({ locale, path });
	});
});

describe('localizePath', () => {
	it('leaves English unprefixed and prefixes the others', () => {
		expect(localizePath('/games', 'en')).toBe('/games');
		expect(localizePath('/games', 'no')).toBe('/no/games');
		expect(localizePath('/', 'de')).toBe('/de');
		expect(localizePath('/', 'en')).toBe('/');
	});
	it('round-trips with splitLocale', () => {
		for (const { locale, path } of alternatePaths('/vps-hosting')) {
			expect(splitLocale(path)).toEqual({ locale, path: '/vps-hosting' });
		}
	});
});

describe('unprefixedEnglishPath', () => {
	it.each([
		['/en', '/'],
		['/en/', '/'],
		['/en/games', '/games'],
		['/en//evil.example', '/evil.example'],
		['/en/\\evil.example', '/evil.example'],
		['/en/\\/\\evil.example/x', '/evil.example/x'],
	])('%s → %s', (from, to) => {
		expect(unprefixedEnglishPath(from)).toBe(to);
	});
});
