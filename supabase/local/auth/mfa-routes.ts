import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { deleteUserFactor, listUserFactors, updateUserFactor } from './admin-factors.ts';
import type { AuthContext } from './context.ts';
import { challengeFactor } from './mfa-challenge.ts';
import { enrollFactor } from './mfa-enroll.ts';
import { unenrollFactor } from './mfa-unenroll.ts';
import { verifyFactor } from './mfa-verify.ts';
import { requireAdmin } from './request.ts';

// The multi-factor routes, whose paths carry ids: /factors, /factors/{id}[/challenge|/verify] and
// /admin/users/{user_id}/factors[/{factor_id}]. Anything else under these prefixes is not found.

export type MfaRoute = (
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
) => Promise<ApiResponse>;

const SEGMENT = '([^/]+)';
const FACTOR = new RegExp(`^/factors/${SEGMENT}(?:/(challenge|verify))?$`);
const ADMIN_FACTORS = new RegExp(`^/admin/users/${SEGMENT}/factors(?:/${SEGMENT})?$`);

function factorRoute(method: string, factorId: string, action: string | undefined) {
	const route: Record<string, MfaRoute | undefined> = {
		'POST challenge': (ctx, request, auth) => challengeFactor(ctx, request, auth, factorId),
		'POST verify': (ctx, request, auth) => verifyFactor(ctx, request, auth, factorId),
		'DELETE ': (ctx, _request, auth) => unenrollFactor(ctx, auth, factorId),
	};
	return route[`${method} ${action ?? ''}`];
}

function adminRoute(method: string, userId: string, factorId: string | undefined) {
	const route: MfaRoute | undefined =
		factorId === undefined
			? method === 'GET'
				? (ctx) => listUserFactors(ctx, userId)
				: undefined
			: method === 'DELETE'
				? (ctx) => deleteUserFactor(ctx, userId, factorId)
				: method === 'PUT'
					? (ctx, request) => updateUserFactor(ctx, request, userId, factorId)
					: undefined;
	if (!route) return undefined;
	const guarded: MfaRoute = async (ctx, request, authorization) => {
		await requireAdmin(ctx, authorization);
		return route(ctx, request, authorization);
	};
	return guarded;
}

/** The route for a normalised path, or undefined when it is not a multi-factor route. */
export function findMfaRoute(method: string, path: string): MfaRoute | undefined {
	if (path === '/factors') return method === 'POST' ? enrollFactor : undefined;
	const factor = FACTOR.exec(path);
	if (factor?.[1]) return factorRoute(method, decodeURIComponent(factor[1]), factor[2]);
	const admin = ADMIN_FACTORS.exec(path);
	if (admin?.[1]) return adminRoute(method, decodeURIComponent(admin[1]), admin[2]);
	return undefined;
}
