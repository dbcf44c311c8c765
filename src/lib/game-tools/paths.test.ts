import { describe, expect, it } from 'vitest';
import { crumbsOf, isPlainName, joinPath, normalizePath, parentOf } from './paths';

describe('normalizePath', () => {
	it('makes paths absolute and tidy', () => {
		expect(normalizePath('')).toBe('/');
		expect(normalizePath('world//region/./r.0.0.mca')).toBe('/world/region/r.0.0.mca');
		expect(normalizePath('/world/../server.properties')).toBe('/server.properties');
	});

	it('refuses a path that climbs out of the root instead of clamping it', () => {
		expect(normalizePath('/../etc/passwd')).toBeNull();
		expect(normalizePath('world/../../x')).toBeNull();
		expect(normalizePath('..')).toBeNull();
	});

	it('refuses backslashes, NUL and overlong paths', () => {
		expect(normalizePath('..\\..\\x')).toBeNull();
		expect(normalizePath('a\0b')).toBeNull();
		expect(normalizePath(`/${'a'.repeat(2000)}`)).toBeNull();
	});
});

describe('names and crumbs', () => {
	it('takes a plain name only', () => {
		expect(isPlainName('plugins')).toBe(true);
		for (const bad of ['', '.', '..', 'a/b', ' x', 'a\\b']) expect(isPlainName(bad)).toBe(false);
	});

	it('walks from the root down', () => {
		expect(crumbsOf('/world/region')).toEqual([
			{ name: '/', path: '/' },
			{ name: 'world', path: '/world' },
			{ name: 'region', path: '/world/region' },
		]);
		expect(joinPath('/', 'a')).toBe('/a');
		expect(joinPath('/a', 'b')).toBe('/a/b');
		expect(parentOf('/a/b')).toBe('/a');
		expect(parentOf('/a')).toBe('/');
	});
});
