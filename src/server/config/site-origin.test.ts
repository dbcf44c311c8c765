import { describe, expect, it } from 'vitest';
import {
	acceptsHost,
	canonicalLocation,
	normaliseHost,
	parseHostAliases,
	siteHosts,
	siteOrigin,
	siteOrigins,
} from './site-origin';

const shop = { PUBLIC_SITE_URL: 'https://shop.example/' };
const local = { PUBLIC_SITE_URL: 'http://localhost:4321' };
const page = { method: 'GET', path: '/' };

describe('siteOrigin', () => {
	it('is the configured origin, else this machine on PORT', () => {
		expect(siteOrigin(shop)).toBe('https://shop.example');
		expect(siteOrigin({ PUBLIC_SITE_URL: ' http://127.0.0.1:4601 ' })).toBe(
			'http://127.0.0.1:4601',
		);
		expect(siteOrigin({ PORT: '4500' })).toBe('http://127.0.0.1:4500');
		expect(siteOrigin({ PUBLIC_SITE_URL: '' })).toBe('http://127.0.0.1:4321');
	});
});

describe('siteHosts and siteOrigins', () => {
	it('are the public host and the aliases', () => {
		const env = { ...shop, SITE_HOST_ALIASES: 'www.shop.example, Shop.Example:443' };
		expect(siteHosts(env)).toEqual(['shop.example', 'www.shop.example']);
		expect(siteOrigins(env)).toEqual(['https://shop.example', 'https://www.shop.example']);
	});

	it('name every loopback address for a site on this machine, on its port only', () => {
		expect(siteHosts(local)).toEqual(['localhost:4321', '127.0.0.1:4321', '[::1]:4321']);
		expect(siteOrigins({ PUBLIC_SITE_URL: 'http://127.0.0.1:4601' })).toContain(
			'http://localhost:4601',
		);
	});
});

describe('acceptsHost', () => {
	it('accepts the site’s hosts however they are cased or ported', () => {
		expect(acceptsHost('shop.example', page, shop)).toBe(true);
		expect(acceptsHost('SHOP.example:443', page, shop)).toBe(true);
		expect(acceptsHost('127.0.0.1:4321', page, local)).toBe(true);
		expect(acceptsHost('localhost:4321', page, local)).toBe(true);
	});

	it('refuses any other host, a missing one, and ones that only parse as the site', () => {
		for (const host of [
			'evil.example',
			'evil.example:4321',
			'shop.example:8443',
			'shop.example.evil.example',
			'evil.example@shop.example',
			'shop.example/x',
			'shop.example x',
			'',
			null,
			undefined,
		])
			expect(acceptsHost(host, page, shop), String(host)).toBe(false);
		expect(acceptsHost('localhost:4322', page, local)).toBe(false);
		expect(acceptsHost('frostnode.example', page, {})).toBe(false);
	});

	it('lets health probes name any host, for reads only', () => {
		for (const path of ['/api/health', '/api/ready']) {
			expect(acceptsHost('10.0.0.11:4321', { method: 'GET', path }, shop)).toBe(true);
			expect(acceptsHost(undefined, { method: 'HEAD', path }, shop)).toBe(true);
			expect(acceptsHost('10.0.0.11:4321', { method: 'POST', path }, shop)).toBe(false);
		}
		expect(acceptsHost('10.0.0.11:4321', { method: 'GET', path: '/api/healthz' }, shop)).toBe(
			false,
		);
	});
});

describe('canonicalLocation', () => {
	const get = (url: string, method = 'GET') => ({ method, url });

	it('moves page reads on the site’s other names to the public origin, path and query kept', () => {
		expect(canonicalLocation('127.0.0.1:4321', get('/de/games?x=1'), local)).toBe(
			'http://localhost:4321/de/games?x=1',
		);
		expect(canonicalLocation('localhost:4321', get('/de/games?x=1'), local)).toBeUndefined();
		const www = { ...shop, SITE_HOST_ALIASES: 'www.shop.example' };
		expect(canonicalLocation('www.shop.example', get('/', 'HEAD'), www)).toBe(
			'https://shop.example/',
		);
		// A path that looks like another host stays a path on the site.
		expect(canonicalLocation('[::1]:4321', get('//evil.example/'), local)).toBe(
			'http://localhost:4321//evil.example/',
		);
	});

	it('leaves writes, health probes, the public host and foreign hosts alone', () => {
		expect(canonicalLocation('127.0.0.1:4321', get('/login', 'POST'), local)).toBeUndefined();
		expect(canonicalLocation('127.0.0.1:4321', get('/api/ready'), local)).toBeUndefined();
		expect(canonicalLocation('shop.example', get('/'), shop)).toBeUndefined();
		expect(canonicalLocation('evil.example', get('/'), shop)).toBeUndefined();
		expect(canonicalLocation('localhost:4321', get('*'), local)).toBeUndefined();
	});
});

describe('normaliseHost and parseHostAliases', () => {
	it('drops the scheme’s default port and lower-cases', () => {
		expect(normaliseHost('Shop.Example:443', 'https:')).toBe('shop.example');
		expect(normaliseHost('shop.example:80', 'http:')).toBe('shop.example');
		expect(normaliseHost('[::1]:4321', 'http:')).toBe('[::1]:4321');
		expect(normaliseHost('user@shop.example', 'https:')).toBeUndefined();
	});

	it('refuses a malformed alias', () => {
		expect(parseHostAliases(undefined)).toEqual([]);
		expect(() => parseHostAliases('www.shop.example,https://x.example')).toThrow(
			/SITE_HOST_ALIASES/,
		);
	});
});
