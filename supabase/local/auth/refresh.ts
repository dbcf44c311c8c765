import { header, json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { OAuthError, badRequest } from './errors.ts';
import type { AuthError } from './errors.ts';
import { optionalString, parseBody } from './request.ts';
import { insertRefreshToken, tokenResponse } from './sessions.ts';
import { findUserById, isBanned } from './users.ts';

// grant_type=refresh_token with rotation, following GoTrue's RefreshTokenGrant:
// - an active token is revoked and replaced by a child in the same session;
// - a revoked token whose child is the session's active token gets that same child back (a client
//   that lost the answer to a concurrent refresh is not logged out);
// - a revoked token within refresh_token_reuse_interval of its revocation gets another child, as long
//   as the session still has an active token;
// - any other reuse revokes the whole family (the session dies) and is refused as already used —
//   every time, however soon it is retried.

interface TokenRow {
	id: string;
	token: string;
	user_id: string;
	revoked: boolean;
	session_id: string | null;
	reuse_expired: boolean;
	session_alive: boolean;
}

export async function refreshGrant(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const presented = optionalString(body, 'refresh_token') ?? '';
	if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
	if (presented.length < 12 || (presented.length === 12 && !/^[a-z0-9]{12}$/.test(presented))) {
		throw badRequest('validation_failed', 'Refresh token is not valid');
	}

	const outcome = await authTransaction(ctx, async (tx) => {
		const { rows } = await tx.query<TokenRow>(
			`select rt.id, rt.token, rt.user_id, rt.revoked, rt.session_id,
			   now() > rt.updated_at + make_interval(secs => $2) as reuse_expired,
			   exists (select 1 from auth.sessions s where s.id = rt.session_id) as session_alive
			 from auth.refresh_tokens rt where rt.token = $1`,
			[presented, ctx.settings.refreshTokenReuseIntervalSeconds],
		);
		const row = rows[0];
		if (!row)
			throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
		if (!row.session_id || !row.session_alive)
			throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
		const user = await findUserById(tx, row.user_id);
		if (!user)
			throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
		if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

		let issued: string | undefined;
		if (row.revoked) {
			const active = await tx.query<{ token: string; parent: string | null }>(
				`select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
				[row.session_id],
			);
			const current = active.rows[0];
			if (current?.parent === row.token) {
				issued = current.token;
			} else if (!current || row.reuse_expired) {
				// A family with no active token has been revoked for reuse: nothing in it may grow a child
				// again, or a stolen token would revive the session by retrying inside the interval.
				// Only still-active rows are touched (GoTrue's RevokeTokenFamily): bumping updated_at of
				// revoked rows would restart their reuse interval. The revocation must be committed even
				// though the request fails, so report it instead of throwing.
				await tx.query(
					'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
					[row.session_id],
				);
				return {
					refused: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
				};
			}
		} else {
			await tx.query(
				'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
				[row.id],
			);
		}
		issued ??= await insertRefreshToken(tx, user.id, row.session_id, row.token);
		await tx.query(
			`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = $2 where id = $1`,
			[row.session_id, header(request, 'user-agent') ?? null],
		);
		return { session: await tokenResponse(ctx, tx, user, row.session_id, issued) };
	});
	if ('refused' in outcome) throw outcome.refused as AuthError;
	return json(200, outcome.session);
}
