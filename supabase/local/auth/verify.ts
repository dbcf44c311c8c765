import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, forbidden } from './errors.ts';
import { issueAuthCode } from './pkce.ts';
import { resolveRedirect } from './redirect.ts';
import { parseBody } from './request.ts';
import { startSession } from './sessions.ts';
import { verifyToken } from './verification.ts';
import { getVerifyParams, linkType, postVerifyParams } from './verify-params.ts';

// POST /verify answers with a session; GET /verify (the mailed link) answers 303 to the redirect
// URL with the session in the fragment (implicit flow) or an auth code in the query (PKCE).

const HALFWAY_MESSAGE =
	'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export async function verifyPost(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const params = postVerifyParams(parseBody(request));
	if (!params) throw forbidden('otp_expired', 'Token has expired or is invalid');
	return authTransaction(ctx, async (tx) => {
		const verified = await verifyToken(ctx, tx, params, false);
		if (verified.halfway) return json(200, { msg: HALFWAY_MESSAGE, code: '200' });
		return json(200, await startSession(ctx, tx, verified.user, 'otp', request));
	});
}

function redirect(location: string): ApiResponse {
	return { status: 303, headers: { Location: location } };
}

function withFragment(base: string, values: Record<string, string>): string {
	const fragment = new URLSearchParams({ ...values, sb: '' }).toString();
	return `${base.split('#')[0]}#${fragment}`;
}

export async function verifyGet(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const query = request.url.searchParams;
	const redirectTo = resolveRedirect(ctx, query.get('redirect_to'));
	const { type: rawType, token } = getVerifyParams(query);
	try {
		const type = linkType(rawType);
		return await authTransaction(ctx, async (tx) => {
			const verified = await verifyToken(ctx, tx, { type, tokenHash: token }, true);
			if (verified.halfway) {
				// verify.go prepRedirectURL: PKCE clients get the message in the query as well.
				const target = new URL(redirectTo);
				if (token.startsWith('pkce_')) target.searchParams.set('message', HALFWAY_MESSAGE);
				return redirect(withFragment(target.toString(), { message: HALFWAY_MESSAGE }));
			}
			if (verified.pkce) {
				const code = await issueAuthCode(tx, verified.user.id, flowMethodsFor(type));
				if (!code)
					throw new AuthError(404, 'flow_state_not_found', 'No associated flow state found.');
				const target = new URL(redirectTo);
				target.searchParams.set('code', code);
				return redirect(target.toString());
			}
			const session = await startSession(ctx, tx, verified.user, 'otp', request);
			return redirect(
				withFragment(redirectTo, {
					access_token: session.access_token,
					expires_at: String(session.expires_at),
					expires_in: String(session.expires_in),
					refresh_token: session.refresh_token,
					token_type: 'bearer',
					type,
				}),
			);
		});
	} catch (error) {
		if (!(error instanceof AuthError)) throw error;
		const details = {
			error: 'access_denied',
			error_code: error.code,
			error_description: error.message,
		};
		const target = new URL(redirectTo);
		// PKCE clients read errors from the query; implicit ones from the fragment. GoTrue sends both.
		if (token.startsWith('pkce_'))
			for (const [key, value] of Object.entries(details)) target.searchParams.set(key, value);
		return redirect(withFragment(target.toString(), details));
	}
}

function flowMethodsFor(type: string): string[] {
	switch (type) {
		case 'signup':
			return ['email/signup'];
		case 'recovery':
			return ['recovery'];
		case 'magiclink':
			return ['magiclink'];
		case 'email_change':
			return ['email_change'];
		case 'invite':
			return ['invite'];
		default:
			return ['email/signup', 'recovery', 'magiclink'];
	}
}
