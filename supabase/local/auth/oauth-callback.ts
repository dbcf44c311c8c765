import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, OAuthError, badRequest } from './errors.ts';
import { userForGoogleAccount } from './external-identity.ts';
import { redeemStandInCode } from './google-stand-in.ts';
import { loadOAuthState, type OAuthState } from './oauth-state.ts';
import { startSession } from './sessions.ts';

// GET /callback, GoTrue's ExternalProviderCallback: the state is checked first (a JSON 400 when it
// is missing or forged), then every failure goes back to the redirect with error, error_code and
// error_description in the query and the fragment (redirectErrors). Success: with PKCE, the flow
// state is bound to the user and the redirect gets `?code=`; without, the session rides in the fragment.

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

function errorRedirect(referrer: string, error: unknown): ApiResponse {
	const target = new URL(referrer);
	if (error instanceof OAuthError) {
		target.searchParams.set('error', error.error);
		target.searchParams.set('error_description', error.message);
	} else if (error instanceof AuthError) {
		target.searchParams.set('error', OAUTH_ERROR_OF_STATUS[error.status] ?? 'server_error');
		target.searchParams.set('error_code', error.code);
		target.searchParams.set('error_description', error.message);
	} else throw error;
	const fragment = new URLSearchParams();
	for (const key of ['error', 'error_code', 'error_description']) {
		const value = target.searchParams.get(key);
		if (value) fragment.set(key, value);
	}
	target.hash = fragment.toString();
	return found(target);
}

export async function oauthCallback(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const state = await loadOAuthState(ctx, request.url.searchParams.get('state'));
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
		if (state.flowStateId) {
			const { rows } = await tx.query<{ auth_code: string }>(
				`update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now()
				 where id = $1 returning auth_code`,
				[state.flowStateId, user.id],
			);
			if (!rows[0]) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found');
			target.searchParams.set('code', rows[0].auth_code);
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
