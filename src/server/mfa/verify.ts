import type { UiKey } from '../../i18n';
import { hitAll } from '../rate-limit/limiter';
import { limits } from '../rate-limit/limits';
import type { RequestClient } from '../supabase/request-client';
import { describeMfaError } from './errors';

export type CodeResult =
	{ ok: true } | { ok: false; message: UiKey; status: number; retryAfterSeconds?: number };

/**
 * Something typed as a two-factor code, under the code limits: attempts per address, wrong codes
 * per account (as sign-in limits passwords). `check` does the proving (the authenticator code with
 * the auth service, or a recovery code) and says whether the code was right or why not.
 */
export async function underCodeLimits(
	userId: string,
	clientAddress: string,
	check: () => Promise<{ ok: true } | { ok: false; message: UiKey; wrongCode: boolean }>,
): Promise<CodeResult> {
	const verdict = await hitAll(
		[[limits.mfaCodesPerAddress, clientAddress]],
		[[limits.mfaFailuresPerAccount, userId]],
	);
	if (!verdict.ok) {
		const address = await limits.mfaCodesPerAddress.check(clientAddress);
		const message = address.ok ? 'mfa.error.paused' : 'auth.error.rateLimited';
		return { ok: false, message, status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
	}
	const outcome = await check();
	if (outcome.ok) return outcome;
	if (outcome.wrongCode) await limits.mfaFailuresPerAccount.record(userId);
	return {
		ok: false,
		message: outcome.message,
		status: outcome.message === 'auth.error.rateLimited' ? 429 : 400,
	};
}

/**
 * An authenticator code, challenged and verified from this server (one address, as GoTrue binds).
 * A code already used for this factor is refused before the auth service is asked: counted first,
 * so two posts of the same code at once cannot both get in, and taken back if it was wrong.
 */
export function verifyTotp(supabase: RequestClient, factorId: string, code: string) {
	return async () => {
		const use = `${factorId}:${code}`;
		if (!(await limits.mfaCodesUsed.hit(use)).ok)
			return { ok: false as const, message: 'mfa.error.wrongCode' as const, wrongCode: true };
		const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
		if (!error) return { ok: true as const };
		await limits.mfaCodesUsed.forgive(use);
		return { ok: false as const, ...describeMfaError(error) };
	};
}
