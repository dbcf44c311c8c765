import { hitAll } from '../rate-limit/limiter';
import { accountKey, limits } from '../rate-limit/limits';
import type { RequestClient } from '../supabase/request-client';
import { atLeast } from './form';

/** Every reset request answers no sooner than this, whether or not a mail goes out. */
export const recoveryFloorMs = 800;

/** `wait`: a link for this address went out moments ago; `busy`: too many requests from the client. */
export type RecoveryResult =
	{ ok: true } | { ok: false; reason: 'wait' | 'busy'; retryAfterSeconds: number };

/**
 * Asks the auth service to mail a reset link. The site's own limits (per address asked for and per
 * client) decide "too many attempts", the same for every address; what the auth service answers
 * (its per-user mail frequency included, which only an existing account can trip) is never shown.
 */
export async function requestPasswordReset(
	supabase: RequestClient,
	email: string,
	redirectTo: string,
	clientAddress: string,
): Promise<RecoveryResult> {
	// Keyed on the address asked for, so the answer is the same whether or not an account exists.
	const interval = await limits.recoveryPerAccount.check(accountKey(email));
	if (!interval.ok) return { ...interval, reason: 'wait' };
	const verdict = await hitAll([
		[limits.recoveryPerAddress, clientAddress],
		[limits.recoveryPerAccount, accountKey(email)],
	]);
	if (!verdict.ok) return { ...verdict, reason: 'busy' };
	await atLeast(recoveryFloorMs, supabase.auth.resetPasswordForEmail(email, { redirectTo }));
	return { ok: true };
}
