import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, OAuthError, badRequest } from './errors.ts';
import { userForGoogleAccount } from './external-identity.ts';
import { redeemStandInCode } from './google-stand-in.ts';
import { loadOAuthState, settleOAuthState, type OAuthState } from './oauth-state.ts';
import { startSession } from './sessions.ts';

// GET /callback, GoTrue's ExternalProviderCallback: the state (a flow state's id) is loaded first,
// and a missing, unknown, expired or spent one sends the browser to the site URL with the error in
// the query (loadFlowState, 303); after that every failure goes back to the flow state's redirect
// with error, error_code and error_description in the query and the fragment (redirectErrors).
// Success: with PKCE, the flow state is bound to the user and the redirect gets `?code=`; without,
// the flow state is deleted and the session rides in the fragment.

const OAUTH_ERROR_OF_STATUS: Record<number, string> = {
	400: 'invalid_request',
	401: 'unauthorized_client',
	403: 'access_denied',
	500: 'server_error',
	503: 'temporarily_unavailable',
};

function found(location: URL): ApiResponse {
	return { status: 302, headers: { Location: location.href } };
}

/** getErrorQueryString: error, error_description and error_code added to the target's query. */
function withError(target: URL, error: unknown): URL {
	if (error instanceof OAuthError) {
		target.searchParams.set('error', error.error);
		target.searchParams.set('error_description', error.message);
	} else if (error instanceof AuthError) {
		target.searchParams.set('error', OAUTH_ERROR_OF_STATUS[error.status] ?? 'server_error');
		target.searchParams.set('error_code', error.code);
		target.searchParams.set('error_description', error.message);
	} else throw error;
	return target;
}

function errorRedirect(referrer: string, error: unknown): ApiResponse {
	const target = withError(new URL(referrer), error);
	const fragment = new URLSearchParams();
	for (const key of ['error', 'error_code', 'error_description']) {
		const value = target.searchParams.get(key);
		if (value) fragment.set(key, value);
	}
	target.hash = fragment.toString();
	return found(target);
}

export async function oauthCallback(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	let state: OAuthState;
	try {
		state = await loadOAuthState(ctx, request.url.searchParams.get('state'));
	} catch (error) {
		const target = withError(new URL(ctx.settings.siteUrl), error);
		return { status: 303, headers: { Location: target.href } };
	}
	const referrer = state.referrer || ctx.settings.siteUrl;
	try {
		return await completeSignIn(ctx, request, state, referrer);
	} catch (error) {
		return errorRedirect(referrer, error);
	}
}

async function completeSignIn(
	ctx: AuthContext,
	request: ApiRequest,
	state: OAuthState,
	referrer: string,
): Promise<ApiResponse> {
	const query = request.url.searchParams;
	const providerError = query.get('error');
	if (providerError) throw new OAuthError(providerError, query.get('error_description') ?? '');
	const code = query.get('code');
	if (!code) throw badRequest('bad_oauth_callback', 'Authorization code missing');
	const account = await redeemStandInCode(ctx, code);
	if (!account)
		throw new AuthError(500, 'unexpected_failure', `Unable to exchange external code: ${code}`);
	return authTransaction(ctx, async (tx) => {
		const user = await userForGoogleAccount(tx, account, ctx.settings.autoConfirm);
		const target = new URL(referrer);
		const authCode = await settleOAuthState(tx, state, user.id);
		if (authCode) {
			target.searchParams.set('code', authCode);
			return found(target);
		}
		const session = await startSession(ctx, tx, user, 'oauth', request);
		target.hash = new URLSearchParams({
			access_token: session.access_token,
			expires_at: String(session.expires_at),
			expires_in: String(session.expires_in),
			provider_token: '',
			refresh_token: session.refresh_token,
			token_type: 'bearer',
		}).toString();
		return found(target);
	});
}
