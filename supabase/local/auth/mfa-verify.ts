import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { badRequest, unprocessable } from './errors.ts';
import type { AuthError } from './errors.ts';
import { withCallerFactor } from './mfa-caller.ts';
import { runMfaVerificationHook } from './mfa-hook.ts';
import { optionalString, parseBody } from './request.ts';
import { ipOrNull } from './sessions.ts';
import { upgradeSession } from './mfa-session.ts';
import { matchedTotpStep } from './totp.ts';
import { isUuid } from './users.ts';

// POST /factors/{id}/verify, as GoTrue's VerifyFactor: checks the challenge (this factor's, unused,
// same address, not expired) and the code, asks the project's MFA verification attempt hook if it
// has one (mfa-hook.ts), then upgrades the caller's session to aal2 in one transaction
// (updateMFASessionAndClaims). Three transactions, as there: what the hook records stays whatever
// the outcome.

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

interface ChallengeRow {
	id: string;
	verified: boolean;
	same_ip: boolean;
	expired: boolean;
}

/** VerifyFactorParams: challenge_id decodes into a uuid.UUID (absent: the nil UUID), code a string. */
function verifyParams(request: ApiRequest): { challengeId: string; code: string } {
	const body = parseBody(request);
	const challengeId = optionalString(body, 'challenge_id') ?? NIL_UUID;
	if (!isUuid(challengeId)) {
		const why =
			challengeId.length === 36
				? `incorrect UUID format in string "${challengeId}"`
				: `incorrect UUID length ${challengeId.length} in string "${challengeId}"`;
		throw badRequest('bad_json', `Could not parse request body as JSON: uuid: ${why}`);
	}
	return { challengeId, code: optionalString(body, 'code') ?? '' };
}

export async function verifyFactor(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
	factorId: string,
): Promise<ApiResponse> {
	const checked = await withCallerFactor(
		ctx,
		authorization,
		factorId,
		async (tx, caller, factor) => {
			// GoTrue's limiter runs after authentication and loadFactor, before the handler reads the body.
			ctx.limiter.takeFactorVerify(request.ip);
			const { challengeId, code } = verifyParams(request);
			if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
			if (!ctx.settings.mfa.totpVerifyEnabled)
				throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
			const { rows } = await tx.query<ChallengeRow>(
				`select id, verified_at is not null as verified, ip_address = $3::inet as same_ip,
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
				const message = `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`;
				return { refused: unprocessable('mfa_challenge_expired', message) };
			}
			const step = matchedTotpStep(factor.secret ?? '', code);
			return { userId: caller.user.id, challengeId: challenge.id, step };
		},
	);
	if ('refused' in checked) throw checked.refused as AuthError;
	// As GoTrue: the hook sees every attempt whose challenge passed, in a transaction of its own.
	await runMfaVerificationHook(ctx, {
		userId: checked.userId,
		factorId,
		valid: checked.step !== null,
		timeStep: checked.step,
	});
	if (checked.step === null)
		throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
	// The caller, their session and the factor are read again: they may have gone meanwhile.
	const session = await withCallerFactor(ctx, authorization, factorId, (tx, caller, factor) =>
		upgradeSession(ctx, tx, caller, factor, checked.challengeId),
	);
	return json(200, session);
}
