import { signJwt, verifyJwt } from '../keys/jwt.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';

// The `state` GoTrue hands the provider (external.go, ExternalProviderClaims): an HS256 JWT signed
// with the project's JWT secret, valid five minutes, naming the provider, the redirect to return to
// and the PKCE flow state. Whoever comes back to /callback with it gets exactly that redirect.

export interface OAuthState {
	provider: string;
	referrer: string;
	flowStateId: string;
}

const STATE_LIFETIME_SECONDS = 5 * 60;

export function signOAuthState(ctx: AuthContext, state: OAuthState): Promise<string> {
	return signJwt(
		{
			exp: Math.floor(Date.now() / 1000) + STATE_LIFETIME_SECONDS,
			site_url: ctx.settings.siteUrl,
			id: '00000000-0000-0000-0000-000000000000',
			provider: state.provider,
			referrer: state.referrer,
			flow_state_id: state.flowStateId,
		},
		ctx.keys.legacyKey,
	);
}

/** GoTrue's loadOAuthState: a missing state and one that does not verify are JSON 400s, not redirects. */
export async function loadOAuthState(ctx: AuthContext, state: string | null): Promise<OAuthState> {
	if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
	const result = await verifyJwt(state, ctx.keys.legacyKey, { leewaySeconds: 0 });
	const claims = result.ok ? result.claims : {};
	if (typeof claims.provider !== 'string' || claims.provider === '')
		throw badRequest('bad_oauth_state', 'OAuth callback with invalid state');
	return {
		provider: claims.provider,
		referrer: typeof claims.referrer === 'string' ? claims.referrer : '',
		flowStateId: typeof claims.flow_state_id === 'string' ? claims.flow_state_id : '',
	};
}
