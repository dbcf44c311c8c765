import { describe, expect, it } from 'vitest';
import { normalizePtr } from './ptr';

describe('a reverse DNS name', () => {
	it('is a fully qualified host name, lowercased, without the trailing dot', () => {
		expect(normalizePtr(' Mail.Example.COM. ')).toBe('mail.example.com');
		expect(normalizePtr('a-1.b2.example')).toBe('a-1.b2.example');
		expect(normalizePtr(`${'a'.repeat(63)}.example`)).toBe(`${'a'.repeat(63)}.example`);
	});

	it('refuses what RFC 1123 does not allow', () => {
		for (const bad of [
			'',
			'localhost',
			'-a.example',
			'a-.example',
			'a..example',
			'under_score.example',
			'_dmarc.example',
			`${'a'.repeat(64)}.example`,
			`${'abcdefghi.'.repeat(26)}example`,
			'192.0.2.10',
			'space d.example',
		])
			expect(normalizePtr(bad), bad).toBeNull();
	});
});
