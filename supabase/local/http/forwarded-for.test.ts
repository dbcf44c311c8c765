import { describe, expect, it } from 'vitest';
import { parseForwardedFor } from './forwarded-for.ts';

describe('parseForwardedFor (GoTrue sbff)', () => {
	it('takes the leftmost value, trimmed', () => {
		expect(parseForwardedFor('203.0.113.7')).toBe('203.0.113.7');
		expect(parseForwardedFor('  203.0.113.7 , 10.0.0.1')).toBe('203.0.113.7');
		expect(parseForwardedFor('203.0.113.7,not an address')).toBe('203.0.113.7');
	});

	it('ignores a leftmost value that is not an IP address', () => {
		expect(parseForwardedFor(undefined)).toBeUndefined();
		expect(parseForwardedFor('')).toBeUndefined();
		expect(parseForwardedFor('unknown, 203.0.113.7')).toBeUndefined();
		expect(parseForwardedFor('203.0.113.7:8080')).toBeUndefined();
		expect(parseForwardedFor('203.0.113.256')).toBeUndefined();
		expect(parseForwardedFor('010.0.0.1')).toBeUndefined();
		expect(parseForwardedFor('fe80::1%eth0')).toBeUndefined();
		expect(parseForwardedFor('[2001:db8::1]')).toBeUndefined();
	});

	it('formats IPv6 as Go does', () => {
		expect(parseForwardedFor('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
		expect(parseForwardedFor('::1')).toBe('::1');
		expect(parseForwardedFor('::ffff:198.51.100.4')).toBe('198.51.100.4');
	});
});
