import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import type { AuthError } from './errors.ts';
import { withCallerFactor } from './mfa-caller.ts';
import { optionalString, parseBody } from './request.ts';
import { addAmrClaim, insertRefreshToken, ipOrNull, tokenResponse } from './sessions.ts';
import { totpCodeIsValid } from './totp.ts';
import { isUuid } from './users.ts';

// POST /factors/{id}/verify: checks the challenge (this factor's, unused, same address, not expired)
// and the code, then upgrades the caller's session to aal2 in one transaction, as GoTrue's
// VerifyFactor and updateMFASessionAndClaims do: the challenge is spent, the factor verified, `totp`
// joins the session's sign-in methods, its refresh token is rotated, the user's other sessions below
// aal2 are ended and their other unverified TOTP factors deleted.

interface ChallengeRow {
	id: string;
	verified: boolean;
	same_ip: boolean;
	expired: boolean;
}

export async function verifyFactor(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
	factorId: string,
): Promise<ApiResponse> {
	ctx.limiter.takeFactorVerify(request.ip);
	const body = parseBody(request);
	const challengeId = optionalString(body, 'challenge_id') ?? '';
	const code = optionalString(body, 'code') ?? '';
	if (!isUuid(challengeId))
		throw badRequest('bad_json', 'Could not parse request body as JSON: invalid UUID length');
	const outcome = await withCallerFactor(
		ctx,
		authorization,
		factorId,
		async (tx, caller, factor) => {
			if (!ctx.settings.mfa.totpVerifyEnabled)
				throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
			if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
			const { rows } = await tx.query<ChallengeRow>(
				`select id, verified_at is not null as verified,
			   ip_address = $3::inet as same_ip,
			   now() > created_at + make_interval(secs => $4) as expired
			 from auth.mfa_challenges where id = $1 and factor_id = $2`,
				[
					challengeId,
					factor.id,
					ipOrNull(request.ip) ?? '0.0.0.0',
					ctx.settings.mfa.challengeExpirySeconds,
				],
			);
			const challenge = rows[0];
			if (!challenge)
				throw unprocessable(
					'mfa_factor_not_found',
					'MFA factor with the provided challenge ID not found',
				);
			if (challenge.verified || !challenge.same_ip)
				throw unprocessable(
					'mfa_ip_address_mismatch',
					'Challenge and verify IP addresses mismatch.',
				);
			if (challenge.expired) {
				// GoTrue deletes the expired challenge; that must be committed though the request fails.
				await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
				return {
					refused: unprocessable(
						'mfa_challenge_expired',
						`MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
					),
				};
			}
			if (!totpCodeIsValid(factor.secret ?? '', code))
				throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
			const sessionId = caller.sessionId;
			if (!sessionId) throw forbidden('session_not_found', 'Session not found');

			await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [
				challenge.id,
			]);
			if (factor.status !== 'verified')
				await tx.query(
					`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
					[factor.id],
				);
			await addAmrClaim(tx, sessionId, 'totp');
			// The session's active refresh token is revoked and replaced by a child, as a refresh does.
			const { rows: active } = await tx.query<{ token: string }>(
				`update auth.refresh_tokens set revoked = true, updated_at = now()
			 where session_id = $1 and revoked = false returning token`,
				[sessionId],
			);
			const refreshToken = await insertRefreshToken(
				tx,
				caller.user.id,
				sessionId,
				active.at(-1)?.token ?? null,
			);
			await tx.query(
				`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`,
				[sessionId, factor.id],
			);
			await tx.query(
				`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') = 'aal1'`,
				[caller.user.id, sessionId],
			);
			await tx.query(
				`delete from auth.mfa_factors where user_id = $1 and id <> $2
			 and status = 'unverified' and factor_type = $3`,
				[caller.user.id, factor.id, factor.factor_type],
			);
			return { session: await tokenResponse(ctx, tx, caller.user, sessionId, refreshToken) };
		},
	);
	if ('refused' in outcome) throw outcome.refused as AuthError;
	return json(200, outcome.session);
}
