import { header } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { OAUTH_PROVIDERS } from './info.ts';
import { createOAuthState } from './oauth-state.ts';
import { parsePkceParams } from './pkce.ts';
import { isAllowedRedirect } from './redirect.ts';

// GET /authorize?provider=google&redirect_to=…&code_challenge=…&code_challenge_method=s256, as
// GoTrue's ExternalProviderRedirect: a redirect_to outside the allow list is not refused but replaced
// (the Referer when that is allowed, else the site URL); a flow state keeps it with the provider and
// any PKCE challenge, and its id is the state the browser takes to the provider (oauth-state.ts).
// Google is played by the stand-in.

export const GOOGLE_STAND_IN_PATH = '/google-stand-in';

/** getRedirectURLOrReferrer: the requested redirect, the Referer, or the site URL, first allowed wins. */
function redirectOrReferrer(ctx: AuthContext, request: ApiRequest): string {
	const requested = request.url.searchParams.get('redirect_to');
	if (requested && isAllowedRedirect(ctx, requested)) return requested;
	const referer = header(request, 'referer');
	if (referer && isAllowedRedirect(ctx, referer)) return referer;
	return ctx.settings.siteUrl;
}

export async function authorize(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const query = request.url.searchParams;
	const provider = (query.get('provider') ?? '').toLowerCase();
	if (provider !== 'google' || !ctx.settings.externalGoogle) {
		const known = OAUTH_PROVIDERS.includes(provider);
		throw new AuthError(
			400,
			'validation_failed',
			known
				? 'Unsupported provider: provider is not enabled'
				: `Unsupported provider: Provider ${provider} could not be found`,
		);
	}
	const referrer = redirectOrReferrer(ctx, request);
	const pkce = parsePkceParams(
		query.get('code_challenge') ?? undefined,
		query.get('code_challenge_method') ?? undefined,
	);
	const state = await createOAuthState(ctx, provider, referrer, pkce);
	// The same query Google's authorization endpoint receives from GoTrue.
	const target = new URL(`${authUrl(ctx)}${GOOGLE_STAND_IN_PATH}`);
	target.search = new URLSearchParams({
		client_id: 'local-stack',
		redirect_uri: `${authUrl(ctx)}/callback`,
		response_type: 'code',
		scope: 'email profile',
		state,
	}).toString();
	return { status: 302, headers: { Location: target.href } };
}
