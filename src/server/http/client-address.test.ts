import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, resolveClientAddress } from './client-address';

const none = parseTrustedProxies(undefined);
const proxies = parseTrustedProxies('10.0.0.0/8, 127.0.0.1, fd00::/8');

describe('resolveClientAddress', () => {
	it('uses the socket address and ignores X-Forwarded-For when no proxy is trusted', () => {
		expect(resolveClientAddress('127.0.0.2', '203.0.113.9', none)).toBe('127.0.0.2');
		expect(resolveClientAddress('::ffff:127.0.0.3', undefined, none)).toBe('127.0.0.3');
	});

	it('ignores the header when the peer is not a named proxy', () => {
		expect(resolveClientAddress('198.51.100.4', '203.0.113.9', proxies)).toBe('198.51.100.4');
	});

	it('takes the first hop the trusted proxies did not add', () => {
		// The client forged 1.1.1.1; the edge proxy appended the real address 203.0.113.9.
		expect(resolveClientAddress('10.0.0.5', '1.1.1.1, 203.0.113.9, 10.0.0.7', proxies)).toBe(
			'203.0.113.9',
		);
		expect(resolveClientAddress('127.0.0.1', ['203.0.113.9'], proxies)).toBe('203.0.113.9');
		expect(resolveClientAddress('fd00::1', '2001:db8::5', proxies)).toBe('2001:db8::5');
	});

	it('stops at a hop that is not an address', () => {
		expect(resolveClientAddress('10.0.0.5', 'garbage, 10.0.0.9', proxies)).toBe('10.0.0.9');
		expect(resolveClientAddress('10.0.0.5', 'garbage', proxies)).toBe('10.0.0.5');
	});

	it('refuses a malformed TRUSTED_PROXIES entry', () => {
		expect(() => parseTrustedProxies('10.0.0.0/x')).toThrow(/TRUSTED_PROXIES/);
		expect(() => parseTrustedProxies('proxy.example')).toThrow(/TRUSTED_PROXIES/);
	});
});
