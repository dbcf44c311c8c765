import { describe, expect, it } from 'vitest';
import { isCrossOriginWrite, ownOrigins } from './same-origin';

const own = ownOrigins(
	new URL('http://shop.internal:4321/api/checkout'),
	'https://frostnode.example',
);
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

	it('accepts the public origin (behind a TLS proxy) and the origin asked', () => {
		expect(isCrossOriginWrite(post({ origin: 'https://frostnode.example' }), own)).toBe(false);
		expect(isCrossOriginWrite(post({ origin: 'HTTPS://FROSTNODE.EXAMPLE' }), own)).toBe(false);
		expect(isCrossOriginWrite(post({ origin: 'http://shop.internal:4321' }), own)).toBe(false);
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

	it('ignores a malformed public URL rather than trusting it', () => {
		expect(ownOrigins(new URL('http://a.example/'), 'not a url')).toEqual(['http://a.example']);
	});
});
