import { json } from '../http/types.ts';
import type { ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';

// The informational endpoints (/settings, /health, JWKS). Of the OAuth providers only Google can be
// enabled here (oauth-authorize.ts); the rest answer as on a project that has not configured them.

export const GOTRUE_VERSION = 'v2.189.0';

export const OAUTH_PROVIDERS = [
	'apple',
	'azure',
	'bitbucket',
	'discord',
	'facebook',
	'figma',
	'fly',
	'github',
	'gitlab',
	'google',
	'keycloak',
	'kakao',
	'linkedin',
	'linkedin_oidc',
	'notion',
	'slack',
	'slack_oidc',
	'spotify',
	'twitch',
	'twitter',
	'workos',
	'zoom',
];

export function settings(ctx: AuthContext): ApiResponse {
	const external: Record<string, boolean> = { anonymous_users: false };
	for (const provider of OAUTH_PROVIDERS) external[provider] = false;
	external.google = ctx.settings.externalGoogle;
	external.email = true;
	external.phone = false;
	return json(200, {
		external,
		disable_signup: false,
		mailer_autoconfirm: ctx.settings.autoConfirm,
		phone_autoconfirm: false,
		sms_provider: '',
		saml_enabled: false,
	});
}

export function health(): ApiResponse {
	return json(200, {
		version: GOTRUE_VERSION,
		name: 'GoTrue',
		description: 'GoTrue is a user registration and authentication API',
	});
}

/** The public signing key (internal/api/jwks.go): never the HS256 secret, cached for 10 minutes. */
export function jwks(ctx: AuthContext): ApiResponse {
	return json(
		200,
		{ keys: [ctx.keys.signingKey.publicJwk] },
		{ 'Cache-Control': 'public, max-age=600' },
	);
}
