import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';

// The informational endpoints (/settings, /health, JWKS) and /authorize, which on this stack, as on a
// project without OAuth providers configured, can only say that the provider is not enabled.

export const GOTRUE_VERSION = 'v2.189.0';

const OAUTH_PROVIDERS = [
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

/** GET /authorize?provider=…: every provider is disabled here, so this is always GoTrue's refusal. */
export function authorize(request: ApiRequest): never {
	const provider = request.url.searchParams.get('provider') ?? '';
	if (OAUTH_PROVIDERS.includes(provider)) {
		throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
	}
	throw new AuthError(
		400,
		'validation_failed',
		`Unsupported provider: Provider ${provider} could not be found`,
	);
}
