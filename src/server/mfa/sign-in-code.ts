import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import { verifiedTotpFactors } from '../../lib/auth/assurance';
import { looksLikeRecoveryCode, totpCodeOf } from '../../lib/auth/recovery-codes';
import { siteOrigin } from '../config/site-origin';
import { logger } from '../log/logger';
import { adminClient } from '../supabase/admin-client';
import type { RequestClient } from '../supabase/request-client';
import { sendTwoFactorMail } from './mails';
import { forgetRecoveryCodes, redeemRecoveryCode } from './recovery-codes';
import { underCodeLimits, verifyTotp, type CodeResult } from './verify';

interface CodeAttempt {
	supabase: RequestClient;
	/** Signed in with a password, still owing the code (src/server/http/assurance.ts). */
	user: User;
	typed: string;
	clientAddress: string;
	locale: Locale;
}

/** The second step of signing in; `recovered` when a recovery code was used and the factor removed. */
export async function signInWithCode(
	attempt: CodeAttempt,
): Promise<CodeResult & { recovered?: boolean }> {
	const { user, clientAddress } = attempt;
	const totp = totpCodeOf(attempt.typed);
	const factorId = verifiedTotpFactors(user)[0];
	if (totp && factorId)
		return underCodeLimits(user.id, clientAddress, verifyTotp(attempt.supabase, factorId, totp));
	if (!looksLikeRecoveryCode(attempt.typed))
		return { ok: false, message: 'mfa.error.invalidCode', status: 400 };
	const admin = adminClient();
	if (!admin) return { ok: false, message: 'auth.error.generic', status: 503 };
	const result = await underCodeLimits(user.id, clientAddress, async () =>
		(await redeemRecoveryCode(admin, user.id, attempt.typed))
			? { ok: true }
			: { ok: false, message: 'mfa.error.wrongRecoveryCode', wrongCode: true },
	);
	if (!result.ok) return result;
	await removeFactors(attempt);
	return { ok: true, recovered: true };
}

/**
 * A recovery code stands in for the lost authenticator once: every factor goes (admin call, the
 * customer cannot at aal1), the rest of the codes with it, and the customer is asked to set up
 * two-factor again. The session stays the password's (aal1), now complete for an account without.
 */
async function removeFactors({ supabase, user, clientAddress, locale }: CodeAttempt) {
	const admin = adminClient()!;
	for (const factor of user.factors ?? []) {
		const { error } = await admin.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id });
		if (error) throw new Error(`two-factor factor not removed: ${error.message}`);
	}
	await forgetRecoveryCodes(admin, user.id);
	// The stored session still lists the factor; a refresh brings the user as it now is.
	const { error } = await supabase.auth.refreshSession();
	if (error) logger.warn('session not refreshed after a recovery code', { error });
	if (user.email)
		void sendTwoFactorMail(siteOrigin(), user.email, locale, 'recovery', clientAddress);
}
