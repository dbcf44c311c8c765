import { DEFAULTS } from '../config.ts';
import type { LocalStackOptions } from '../config.ts';
import type { AuthSettings } from './context.ts';

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
	};
}
