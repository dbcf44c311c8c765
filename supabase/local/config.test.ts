import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from './config.ts';
import { readEmailTemplates } from './auth/template-config.ts';
import { authSettingsFrom } from './auth/settings.ts';
import { mailSenderFrom } from './auth/mail-sender.ts';

// supabase/config.toml configures `supabase start` and the hosted project; the local stack has the
// same values built in. This keeps the two from drifting apart. The file is read with a few
// regular expressions, enough for the flat keys compared here.

const toml = readFileSync(new URL('../config.toml', import.meta.url), 'utf8');

function valueIn(section: string, key: string): string | undefined {
	const body = toml.split(/^\[/m).find((part) => part.startsWith(`${section}]`));
	const match = body ? new RegExp(`^${key}\\s*=\\s*(.+)$`, 'm').exec(body) : null;
	return match?.[1]?.trim().replace(/^"(.*)"$/, '$1');
}

describe('supabase/config.toml and the local stack defaults', () => {
	it('agree on ports and the site URL', () => {
		expect(Number(valueIn('api', 'port'))).toBe(DEFAULTS.apiPort);
		expect(Number(valueIn('inbucket', 'port'))).toBe(DEFAULTS.mailPort);
		expect(Number(valueIn('inbucket', 'smtp_port'))).toBe(DEFAULTS.smtpPort);
		expect(valueIn('auth', 'site_url')).toBe(DEFAULTS.siteUrl);
		expect(valueIn('auth', 'additional_redirect_urls')).toBe(
			JSON.stringify(DEFAULTS.additionalRedirectUrls),
		);
	});

	it('agree on tokens, passwords and mail', () => {
		expect(Number(valueIn('auth', 'jwt_expiry'))).toBe(DEFAULTS.jwtExpirySeconds);
		expect(Number(valueIn('auth', 'refresh_token_reuse_interval'))).toBe(
			DEFAULTS.refreshTokenReuseIntervalSeconds,
		);
		expect(Number(valueIn('auth', 'minimum_password_length'))).toBe(DEFAULTS.minimumPasswordLength);
		expect(valueIn('auth.email', 'enable_confirmations')).toBe('true');
		expect(valueIn('auth.email', 'max_frequency')).toBe(`${DEFAULTS.mailMinIntervalSeconds}s`);
		expect(Number(valueIn('auth.email', 'otp_expiry'))).toBe(DEFAULTS.otpExpirySeconds);
		expect(valueIn('auth.email', 'secure_password_change')).toBe(
			String(DEFAULTS.securePasswordChange),
		);
		expect(Number(valueIn('api', 'max_rows'))).toBe(1000);
	});

	it('send the auth mail from the shop’s sender, in the mail catcher as on `supabase start`', () => {
		expect(valueIn('inbucket', 'admin_email')).toBe('noreply@frostnode.example');
		expect(valueIn('inbucket', 'sender_name')).toBe('Frostnode');
		expect(mailSenderFrom(undefined)).toBe('Frostnode <noreply@frostnode.example>');
	});

	it('enable Google sign-in, which the stack serves through its stand-in', () => {
		expect(valueIn('auth.external.google', 'enabled')).toBe('true');
		expect(authSettingsFrom({}).externalGoogle).toBe(true);
		expect(authSettingsFrom({ configFile: null }).externalGoogle).toBe(false);
	});

	it('agree on rate limits', () => {
		expect(Number(valueIn('auth.rate_limit', 'sign_in_sign_ups'))).toBe(
			DEFAULTS.rateLimits.signInsSignUpsPerIp,
		);
		// config.toml's limits are per 5 minutes and per client address.
		expect(DEFAULTS.rateLimits.windowSeconds).toBe(300);
	});

	it('agree on multi-factor authentication: TOTP on, GoTrue’s factor limit', () => {
		expect(Number(valueIn('auth.mfa', 'max_enrolled_factors'))).toBe(
			DEFAULTS.mfa.maxEnrolledFactors,
		);
		expect(valueIn('auth.mfa.totp', 'enroll_enabled')).toBe(String(DEFAULTS.mfa.totpEnrollEnabled));
		expect(valueIn('auth.mfa.totp', 'verify_enabled')).toBe(String(DEFAULTS.mfa.totpVerifyEnabled));
		expect(DEFAULTS.mfa.totpEnrollEnabled && DEFAULTS.mfa.totpVerifyEnabled).toBe(true);
	});

	it('run the project’s MFA verification attempt hook, a function its migrations create', () => {
		expect(valueIn('auth.hook.mfa_verification_attempt', 'enabled')).toBe('true');
		expect(valueIn('auth.hook.mfa_verification_attempt', 'uri')).toBe(
			'pg-functions://postgres/public/hook_mfa_verification_attempt',
		);
		expect(authSettingsFrom({}).mfaVerificationAttemptHook).toBe(
			'"public"."hook_mfa_verification_attempt"',
		);
		expect(authSettingsFrom({ configFile: null }).mfaVerificationAttemptHook).toBeUndefined();
		expect(
			authSettingsFrom({ mfaVerificationAttemptHook: null }).mfaVerificationAttemptHook,
		).toBeUndefined();
		expect(() =>
			authSettingsFrom({ mfaVerificationAttemptHook: 'https://hooks.example/mfa' }),
		).toThrow(/only pg-functions/);
		const migrations = readdirSync(new URL('../migrations', import.meta.url))
			.map((name) => readFileSync(new URL(`../migrations/${name}`, import.meta.url), 'utf8'))
			.join('\n');
		expect(migrations).toContain(
			'create function public.hook_mfa_verification_attempt(event jsonb)',
		);
	});

	it('name the project’s auth mail templates, which exist and parse', () => {
		expect(DEFAULTS.configFile).toBe('supabase/config.toml');
		const templates = readEmailTemplates(new URL('../config.toml', import.meta.url).pathname);
		expect(Object.keys(templates).sort()).toEqual(
			['email_change', 'invite', 'magiclink', 'recovery', 'signup'].sort(),
		);
	});
});
