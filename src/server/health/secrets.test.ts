import { describe, expect, it } from 'vitest';
import { redactSecrets, secretValues } from './secrets';

describe('secretValues', () => {
	it('takes keys, secrets and passwords by name, each comma-separated part, and the SMTP login', () => {
		const values = secretValues({
			STRIPE_SECRET_KEY: 'sk_test_abc123',
			STRIPE_WEBHOOK_SECRET: 'whsec_one, whsec_two',
			PTERODACTYL_CLIENT_KEY: 'ptlc_client',
			SMTP_URL: 'smtps://api%40user:p%40ss%3Aword@smtp.example:465',
			PUBLIC_SUPABASE_ANON_KEY: 'published-anyway',
			PTERODACTYL_URL: 'https://panel.example',
			SHORT_KEY: 'abc',
		});
		expect(values).toEqual(
			expect.arrayContaining([
				'sk_test_abc123',
				'whsec_one',
				'whsec_two',
				'ptlc_client',
				'api@user',
				'p@ss:word',
				'p%40ss%3Aword',
			]),
		);
		expect(values).not.toContain('published-anyway');
		expect(values).not.toContain('https://panel.example');
		expect(values).not.toContain('abc');
	});
});

describe('redactSecrets', () => {
	it('replaces every occurrence, the longest value first', () => {
		const env = { A_KEY: 'secret', B_KEY: 'secret-longer' };
		expect(redactSecrets('secret-longer then secret, secret', env)).toBe(
			'[redacted] then [redacted], [redacted]',
		);
		expect(redactSecrets('nothing to hide', env)).toBe('nothing to hide');
	});

	it('reads an SMTP_URL that is not a URL as one secret', () => {
		expect(redactSecrets('bad: smtp:/x:y', { SMTP_URL: 'smtp:/x:y' })).toBe('bad: [redacted]');
	});
});
