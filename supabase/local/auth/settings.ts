import { DEFAULTS } from '../config.ts';
import type { LocalStackOptions } from '../config.ts';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuthSettings } from './context.ts';
import { mfaSettingsFrom } from './mfa-config.ts';
import { readEmailTemplates, type EmailTemplates } from './template-config.ts';

// GoTrue's configuration for this stack: the options given, else the defaults of supabase/config.toml.

export function authSettingsFrom(options: LocalStackOptions): AuthSettings {
	return {
		siteUrl: options.siteUrl ?? DEFAULTS.siteUrl,
		additionalRedirectUrls: options.additionalRedirectUrls ?? [...DEFAULTS.additionalRedirectUrls],
		jwtExpirySeconds: options.jwtExpirySeconds ?? DEFAULTS.jwtExpirySeconds,
		autoConfirm: options.autoConfirm ?? false,
		passwordPolicy: {
			minLength: options.minimumPasswordLength ?? DEFAULTS.minimumPasswordLength,
		},
		refreshTokenReuseIntervalSeconds:
			options.refreshTokenReuseIntervalSeconds ?? DEFAULTS.refreshTokenReuseIntervalSeconds,
		mailMinIntervalSeconds: options.mailMinIntervalSeconds ?? DEFAULTS.mailMinIntervalSeconds,
		otpExpirySeconds: DEFAULTS.otpExpirySeconds,
		flowStateExpirySeconds: DEFAULTS.flowStateExpirySeconds,
		secureEmailChange: true,
		sbForwardedForEnabled: options.sbForwardedForEnabled ?? DEFAULTS.sbForwardedForEnabled,
		emailTemplates: emailTemplatesFrom(options.configFile),
		externalGoogle: options.externalGoogle ?? googleEnabledIn(options.configFile),
		mfa: mfaSettingsFrom(options.mfa),
	};
}

/** `[auth.external.google] enabled = true` in the project's config.toml (false without a file). */
function googleEnabledIn(configFile: string | null | undefined): boolean {
	if (configFile === null) return false;
	const file = resolve(configFile ?? DEFAULTS.configFile);
	if (!existsSync(file)) return false;
	const section = readFileSync(file, 'utf8')
		.split(/^\[/m)
		.find((part) => part.startsWith('auth.external.google]'));
	return /^enabled\s*=\s*true\s*(#.*)?$/m.test(section ?? '');
}

/** The mail templates of the project's config.toml; none (GoTrue's wording) for null or no file. */
function emailTemplatesFrom(configFile: string | null | undefined): EmailTemplates {
	if (configFile === null) return {};
	const file = resolve(configFile ?? DEFAULTS.configFile);
	// A named file must exist; the default may not, where the package runs outside this project.
	if (configFile === undefined && !existsSync(file)) return {};
	return readEmailTemplates(file);
}
