import { DEFAULTS } from '../config.ts';
import type { LocalStackOptions } from '../config.ts';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuthSettings } from './context.ts';
import { mfaSettingsFrom } from './mfa-config.ts';
import { hookFunctionOf } from './mfa-hook.ts';
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
		securePasswordChange: options.securePasswordChange ?? DEFAULTS.securePasswordChange,
		sbForwardedForEnabled: options.sbForwardedForEnabled ?? DEFAULTS.sbForwardedForEnabled,
		emailTemplates: emailTemplatesFrom(options.configFile),
		externalGoogle: options.externalGoogle ?? enabledIn(options.configFile, 'auth.external.google'),
		mfa: mfaSettingsFrom(options.mfa),
		mfaVerificationAttemptHook: mfaHookFrom(options),
	};
}

/** A section of the project's config.toml; undefined for null, no file or no such section. */
function sectionOf(configFile: string | null | undefined, name: string): string | undefined {
	if (configFile === null) return undefined;
	const file = resolve(configFile ?? DEFAULTS.configFile);
	if (!existsSync(file)) return undefined;
	return readFileSync(file, 'utf8')
		.split(/^\[/m)
		.find((part) => part.startsWith(`${name}]`));
}

/** `enabled = true` in a section of the project's config.toml (false without a file). */
function enabledIn(configFile: string | null | undefined, name: string): boolean {
	return /^enabled\s*=\s*true\s*(#.*)?$/m.test(sectionOf(configFile, name) ?? '');
}

/** The MFA verification attempt hook: the option's URI, else config.toml's when enabled. */
function mfaHookFrom(options: LocalStackOptions): string | undefined {
	let uri = options.mfaVerificationAttemptHook;
	if (uri === undefined && enabledIn(options.configFile, 'auth.hook.mfa_verification_attempt')) {
		const section = sectionOf(options.configFile, 'auth.hook.mfa_verification_attempt') ?? '';
		uri = /^uri\s*=\s*"([^"]*)"\s*(#.*)?$/m.exec(section)?.[1];
		if (!uri) throw new Error('[auth.hook.mfa_verification_attempt] is enabled without a uri');
	}
	return uri ? hookFunctionOf(uri) : undefined;
}

/** The mail templates of the project's config.toml; none (GoTrue's wording) for null or no file. */
function emailTemplatesFrom(configFile: string | null | undefined): EmailTemplates {
	if (configFile === null) return {};
	const file = resolve(configFile ?? DEFAULTS.configFile);
	// A named file must exist; the default may not, where the package runs outside this project.
	if (configFile === undefined && !existsSync(file)) return {};
	return readEmailTemplates(file);
}
