import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitorFetch } from './forwarding';

// The visitor's browser reaches the auth service's session records through the site server:
// its User-Agent goes along on auth requests (and only there), with or without address forwarding.

const sent: Request[] = [];

beforeEach(() => {
	vi.stubEnv('PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321');
	vi.stubEnv('PUBLIC_SUPABASE_ANON_KEY', 'anon');
	vi.stubEnv('SUPABASE_SECRET_KEY', '');
	sent.length = 0;
	vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
		sent.push(new Request(input, init));
		return Promise.resolve(new Response('{}'));
	});
});
afterEach(() => {
	vi.unstubAllEnvs();
	vi.unstubAllGlobals();
});

describe('visitorFetch', () => {
	it('names the visitor’s browser on auth requests only', async () => {
		const fetcher = visitorFetch('203.0.113.5', 'Firefox/133.0');
		await fetcher?.('http://127.0.0.1:54321/auth/v1/token?grant_type=password', {
			method: 'POST',
			headers: { apikey: 'anon' },
		});
		await fetcher?.('http://127.0.0.1:54321/rest/v1/profiles', { headers: { apikey: 'anon' } });
		expect(sent.map((request) => request.headers.get('user-agent'))).toEqual([
			'Firefox/133.0',
			null,
		]);
		expect(sent[0]?.headers.get('apikey')).toBe('anon');
	});

	it('adds the forwarded address as well when the secret key is set', async () => {
		vi.stubEnv('SUPABASE_SECRET_KEY', 'sb_secret_test');
		await visitorFetch('203.0.113.5', 'Firefox/133.0')?.('http://127.0.0.1:54321/auth/v1/user');
		expect(sent[0]?.headers.get('sb-forwarded-for')).toBe('203.0.113.5');
		expect(sent[0]?.headers.get('user-agent')).toBe('Firefox/133.0');
	});
});
