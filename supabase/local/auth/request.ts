import type { JwtClaims } from '../keys/jwt.ts';
import { verifyBearerJwt } from './bearer-jwt.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import type { Transaction } from '../db/database.ts';
import { AuthError, forbidden } from './errors.ts';
import { sessionExists } from './sessions.ts';
import { findUserById } from './users.ts';
import type { UserRow } from './users.ts';

// The bearer-token checks of GoTrue's middleware: 401 without a token, 403 bad_jwt for one that does
// not verify, then the user and the session the token names must still exist.

export { optionalBoolean, optionalObject, optionalString, parseBody } from './body.ts';
export type { Body } from './body.ts';

function bearerToken(authorization: string | undefined): string {
	const match = authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
	if (!match?.[1])
		throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
	return match[1];
}

/** Verifies the bearer JWT as GoTrue's middleware does: 401 when absent, 403 bad_jwt when invalid. */
export async function verifiedClaims(
	ctx: AuthContext,
	authorization: string | undefined,
): Promise<JwtClaims> {
	return verifyBearerJwt(ctx.keys, bearerToken(authorization));
}

export interface Caller {
	user: UserRow;
	claims: JwtClaims;
	sessionId: string | undefined;
}

/** GET/PUT /user, /logout: the JWT's user must exist and its session must not have been ended. */
export async function requireUser(
	ctx: AuthContext,
	authorization: string | undefined,
): Promise<Caller> {
	return withUser(ctx, authorization, (_tx, caller) => Promise.resolve(caller));
}

/**
 * The caller, then `work` in the same auth transaction: GET /user reads the identities with the
 * user in one go, as it is asked on every server-side request of a signed-in customer.
 */
export async function withUser<T>(
	ctx: AuthContext,
	authorization: string | undefined,
	work: (tx: Transaction, caller: Caller) => Promise<T>,
): Promise<T> {
	const claims = await verifiedClaims(ctx, authorization);
	const sub = typeof claims.sub === 'string' ? claims.sub : '';
	if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
	const sessionId =
		typeof claims.session_id === 'string' && claims.session_id !== ''
			? claims.session_id
			: undefined;
	return authTransaction(ctx, async (tx) => {
		const user = await findUserById(tx, sub);
		if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
		if (sessionId !== undefined && !(await sessionExists(tx, sessionId))) {
			throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
		}
		return work(tx, { user, claims, sessionId });
	});
}

/** Admin routes: any valid JWT whose role is an admin role (service_role, supabase_admin). */
export async function requireAdmin(
	ctx: AuthContext,
	authorization: string | undefined,
): Promise<JwtClaims> {
	const claims = await verifiedClaims(ctx, authorization);
	if (claims.role !== 'service_role' && claims.role !== 'supabase_admin')
		throw forbidden('not_admin', 'User not allowed');
	return claims;
}
