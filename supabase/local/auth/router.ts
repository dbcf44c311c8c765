import { clientAddress } from '../http/forwarded-for.ts';
import { isOpenAuthPath, passGateway } from '../http/gateway.ts';
import type { ApiRequest, ApiResponse, Handler } from '../http/types.ts';
import { listUsers } from './admin-list.ts';
import { createUser, deleteUser, getUserById, updateUserById } from './admin-users.ts';
import { generateLink, invite } from './admin-links.ts';
import type { AuthContext } from './context.ts';
import { AuthError, OAuthError, renderAuthError } from './errors.ts';
import { standInApprove, standInDeny, standInSendCode, standInSignIn } from './google-stand-in.ts';
import { standInPicture } from './google-stand-in-picture.ts';
import { health, jwks, settings } from './info.ts';
import { authorize } from './oauth-authorize.ts';
import { oauthCallback } from './oauth-callback.ts';
import { otp, recover, resend } from './mail-flows.ts';
import { reauthenticate } from './reauthenticate.ts';
import { requireAdmin } from './request.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { logout } from './logout.ts';
import { findMfaRoute } from './mfa-routes.ts';
import { getUser, updateCurrentUser } from './user.ts';
import { verifyGet, verifyPost } from './verify.ts';

// /auth/v1: the gateway's key check, then GoTrue's routes. Every AuthError becomes GoTrue's JSON in
// the shape the client asked for; anything unexpected becomes its 500 unexpected_failure.

type Route = (
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
) => Promise<ApiResponse> | ApiResponse;

const admin =
	(route: (ctx: AuthContext, request: ApiRequest) => Promise<ApiResponse>): Route =>
	async (ctx, request, authorization) => {
		await requireAdmin(ctx, authorization);
		return route(ctx, request);
	};

const ROUTES: Record<string, Route> = {
	'POST /signup': (ctx, request) => signup(ctx, request),
	'POST /token': (ctx, request) => token(ctx, request),
	'GET /user': (ctx, request, authorization) => getUser(ctx, request, authorization),
	'PUT /user': (ctx, request, authorization) => updateCurrentUser(ctx, request, authorization),
	'GET /reauthenticate': (ctx, request, authorization) =>
		reauthenticate(ctx, request, authorization),
	'POST /logout': (ctx, request, authorization) => logout(ctx, request, authorization),
	'POST /recover': (ctx, request) => recover(ctx, request),
	'POST /otp': (ctx, request) => otp(ctx, request),
	'POST /magiclink': (ctx, request) => otp(ctx, request),
	'POST /resend': (ctx, request) => resend(ctx, request),
	'POST /verify': (ctx, request) => verifyPost(ctx, request),
	'GET /verify': (ctx, request) => verifyGet(ctx, request),
	'GET /settings': (ctx) => settings(ctx),
	'GET /health': () => health(),
	'GET /.well-known/jwks.json': (ctx) => jwks(ctx),
	'GET /authorize': (ctx, request) => authorize(ctx, request),
	'GET /callback': (ctx, request) => oauthCallback(ctx, request),
	'GET /google-stand-in': (ctx, request) => standInSignIn(ctx, request),
	'POST /google-stand-in/code': (ctx, request) => standInSendCode(ctx, request),
	'POST /google-stand-in/approve': (ctx, request) => standInApprove(ctx, request),
	'GET /google-stand-in/approve': (ctx, request) => standInDeny(ctx, request),
	'GET /google-stand-in/picture': (ctx, request) => standInPicture(ctx, request),
	'POST /invite': admin(invite),
	'POST /admin/users': admin(createUser),
	'GET /admin/users': admin(listUsers),
	'POST /admin/generate_link': admin(generateLink),
};

const USER_ROUTES: Record<string, Route> = {
	GET: admin(getUserById),
	PUT: admin(updateUserById),
	DELETE: admin(deleteUser),
};

function findRoute(method: string, path: string): Route | undefined {
	const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
	const mfa = findMfaRoute(method, normalised);
	if (mfa) return mfa;
	if (normalised.startsWith('/admin/users/')) return USER_ROUTES[method];
	return ROUTES[`${method} ${normalised}`];
}

export function createAuthHandler(ctx: AuthContext): Handler {
	return async (request) => {
		try {
			let authorization: string | undefined;
			let ip = request.ip;
			if (!isOpenAuthPath(request.path)) {
				const gateway = passGateway(request, ctx.keys);
				if (!gateway.ok) return gateway.response;
				authorization = gateway.authorization;
				ip = clientAddress(request, gateway.secretKey && ctx.settings.sbForwardedForEnabled);
			}
			const route = findRoute(request.method, request.path);
			if (!route) throw new AuthError(404, 'not_found', 'Not Found');
			return await route(
				{ ...ctx },
				{ ...request, path: request.path.replace(/\/+$/, '') || '/', ip },
				authorization,
			);
		} catch (error) {
			if (error instanceof AuthError || error instanceof OAuthError)
				return renderAuthError(error, request);
			console.error('[local-stack] auth request failed:', error);
			return renderAuthError(
				new AuthError(
					500,
					'unexpected_failure',
					'Unexpected failure, please check server logs for more information',
				),
				request,
			);
		}
	};
}
