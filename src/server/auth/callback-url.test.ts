import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmationRedirect } from './callback-url';

afterEach(() => vi.unstubAllEnvs());

describe('confirmationRedirect', () => {
	it('sends a confirmed sign-up through the callback on the site origin to its return address', () => {
		vi.stubEnv('PUBLIC_SITE_URL', 'https://shop.example');
		const url = new URL(confirmationRedirect('/da/checkout', 'da'));
		expect(url.origin).toBe('https://shop.example');
		expect(url.pathname).toBe('/auth/callback');
		expect(url.searchParams.get('next')).toBe('/da/checkout');
	});

	it.each([null, '//evil.example/checkout', 'https://evil.example', '/%5Cevil.example'])(
		'falls back to the panel in the customer language for %s',
		(next) => {
			vi.stubEnv('PUBLIC_SITE_URL', 'https://shop.example');
			const url = new URL(confirmationRedirect(next, 'de'));
			expect(url.origin).toBe('https://shop.example');
			expect(url.searchParams.get('next')).toBe('/de/panel');
		},
	);
});
