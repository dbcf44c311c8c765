import { describe, expect, it } from 'vitest';
import { externalTarget } from './target.ts';
import { LOCAL_ONLY } from './local-only.ts';
import { existsSync } from 'node:fs';

// The switch between the embedded stack and another Supabase, as the README documents it.

const keys = { SUPABASE_TEST_ANON_KEY: 'anon', SUPABASE_TEST_SERVICE_ROLE_KEY: 'service' };

describe('the test target', () => {
	it('is the embedded stack unless SUPABASE_TEST_URL is set', () => {
		expect(externalTarget({})).toBeUndefined();
		expect(externalTarget({ ...keys, SUPABASE_TEST_URL: '' })).toBeUndefined();
	});

	it('takes the URL, keys and schema of another Supabase, contract by default', () => {
		const target = externalTarget({ ...keys, SUPABASE_TEST_URL: 'https://x.supabase.co/' });
		expect(target?.schema).toBe('contract');
		expect(target?.backend).toMatchObject({
			url: 'https://x.supabase.co',
			anonKey: 'anon',
			serviceRoleKey: 'service',
			publishableKey: 'anon',
		});
		expect(target?.backend.secretKey).toBeUndefined();
		expect(target?.reset).toBeUndefined();
		expect(
			externalTarget({ ...keys, SUPABASE_TEST_URL: 'u', SUPABASE_TEST_RESET: 'supabase db reset' })
				?.reset,
		).toBe('supabase db reset');
		expect(
			externalTarget({ ...keys, SUPABASE_TEST_URL: 'u', SUPABASE_TEST_SCHEMA: 'product' })?.schema,
		).toBe('product');
	});

	it('refuses a half-configured target instead of testing something else', () => {
		expect(() => externalTarget({ SUPABASE_TEST_URL: 'u' })).toThrow(/SUPABASE_TEST_ANON_KEY/);
		expect(() =>
			externalTarget({ ...keys, SUPABASE_TEST_URL: 'u', SUPABASE_TEST_SCHEMA: 'x' }),
		).toThrow(/SUPABASE_TEST_SCHEMA/);
	});

	it('lists only suites that exist as embedded-only', () => {
		for (const file of Object.keys(LOCAL_ONLY)) expect(existsSync(file), file).toBe(true);
	});
});
