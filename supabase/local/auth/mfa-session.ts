import type { Transaction } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { forbidden, unprocessable } from './errors.ts';
import type { FactorRow } from './factors.ts';
import type { MfaCaller } from './mfa-caller.ts';
import { addAmrClaim, insertRefreshToken, tokenResponse } from './sessions.ts';
import type { TokenResponse } from './sessions.ts';

// What a verified challenge does to the session, as GoTrue's updateMFASessionAndClaims and the
// model calls around it do it, all in one transaction.

/**
 * The challenge is spent, the factor verified, `totp` joins the session's sign-in methods, its
 * refresh token is rotated (revoked, a child issued), the session becomes aal2 with this factor, the
 * user's other sessions below aal2 end and their other unverified factors of this type go.
 */
export async function upgradeSession(
	ctx: AuthContext,
	tx: Transaction,
	caller: MfaCaller,
	factor: FactorRow,
	challengeId: string,
): Promise<TokenResponse> {
	const sessionId = caller.sessionId;
	if (!sessionId) throw forbidden('session_not_found', 'Session not found');
	// A challenge is spent once: another verify of it may have won since it was checked.
	const spent = await tx.query(
		'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id',
		[challengeId],
	);
	if (spent.rows.length === 0)
		throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
	if (factor.status !== 'verified')
		await tx.query(
			`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
			[factor.id],
		);
	await addAmrClaim(tx, sessionId, 'totp');
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
	// The answer's user is read before the clean-up below, as GoTrue builds its token response first.
	const answer = await tokenResponse(ctx, tx, caller.user, sessionId, refreshToken);
	await tx.query(
		`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') = 'aal1'`,
		[caller.user.id, sessionId],
	);
	await tx.query(
		`delete from auth.mfa_factors where user_id = $1 and id <> $2
		 and status = 'unverified' and factor_type = $3`,
		[caller.user.id, factor.id, factor.factor_type],
	);
	return answer;
}
