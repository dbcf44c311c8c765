import { describe, expect, it } from 'vitest';
import { isCrossOriginWrite } from './same-origin';
import { siteOrigins } from '../config/site-origin';

const own = siteOrigins({ PUBLIC_SITE_URL: 'https://frostnode.example' });
const post = (headers: Record<string, string>, method = 'POST') =>
	new Request('http://shop.internal:4321/api/checkout', { method, headers });

describe('isCrossOriginWrite', () => {
	it('refuses writes whose Origin is another site, or opaque', () => {
		expect(isCrossOriginWrite(post({ origin: 'https://evil.example' }), own)).toBe(true);
		expect(isCrossOriginWrite(post({ origin: 'null' }), own)).toBe(true);
		expect(
			isCrossOriginWrite(post({ origin: 'https://frostnode.example.evil.example' }), own),
		).toBe(true);
		for (const method of ['PUT', 'PATCH', 'DELETE'])
			expect(isCrossOriginWrite(post({ origin: 'https://evil.example' }, method), own)).toBe(true);
	});

	it('accepts the configured origin, however it is cased', () => {
		expect(isCrossOriginWrite(post({ origin: 'https://frostnode.example' }), own)).toBe(false);
		expect(isCrossOriginWrite(post({ origin: 'HTTPS://FROSTNODE.EXAMPLE' }), own)).toBe(false);
	});

	it('refuses the origin the request itself names when it is not the site (a forged Host)', () => {
		const forged = new Request('http://evil.example:4321/login', {
			method: 'POST',
			headers: { origin: 'http://evil.example:4321' },
		});
		expect(isCrossOriginWrite(forged, own)).toBe(true);
		expect(isCrossOriginWrite(post({ origin: 'http://shop.internal:4321' }), own)).toBe(true);
	});

	it('refuses a browser request from another site that sends no Origin', () => {
		expect(isCrossOriginWrite(post({ 'sec-fetch-site': 'cross-site' }), own)).toBe(true);
		expect(isCrossOriginWrite(post({ 'sec-fetch-site': 'same-site' }), own)).toBe(true);
		expect(isCrossOriginWrite(post({ 'sec-fetch-site': 'same-origin' }), own)).toBe(false);
	});

	it('lets reads and non-browser clients through', () => {
		expect(isCrossOriginWrite(post({ origin: 'https://evil.example' }, 'GET'), own)).toBe(false);
		expect(isCrossOriginWrite(post({}), own)).toBe(false);
	});
});
