import { randomUUID } from 'node:crypto';
import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { unprocessable } from './errors.ts';
import { withCallerFactor } from './mfa-caller.ts';
import { ipOrNull } from './sessions.ts';

// POST /factors/{id}/challenge: a challenge row bound to the caller's address (verify must come from
// the same one), valid for the challenge expiry. Unverified factors can be challenged: that is how
// enrolment completes.

export async function challengeFactor(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
	factorId: string,
): Promise<ApiResponse> {
	return withCallerFactor(ctx, authorization, factorId, async (tx, _caller, factor) => {
		// GoTrue's limiter runs after authentication and loadFactor: a request that passes those uses
		// up the address's token even if it is refused afterwards.
		ctx.limiter.takeFactorChallenge(request.ip);
		if (!ctx.settings.mfa.totpVerifyEnabled)
			throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
		const id = randomUUID();
		const { rows } = await tx.query<{ expires_at: number }>(
			`insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
			 values ($1, $2, now(), $3::inet)
			 returning extract(epoch from created_at)::bigint + $4::int as expires_at`,
			[id, factor.id, ipOrNull(request.ip) ?? '0.0.0.0', ctx.settings.mfa.challengeExpirySeconds],
		);
		await tx.query(
			'update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1',
			[factor.id],
		);
		return json(200, { id, type: 'totp', expires_at: Number(rows[0]?.expires_at) });
	});
}
