import type { Locale, UiKey } from '../../i18n';
import { needsSecondFactor } from '../../lib/auth/assurance';
import { hitAll, type Verdict } from '../rate-limit/limiter';
import { accountKey, limits } from '../rate-limit/limits';
import type { RequestClient } from '../supabase/request-client';
import { describeAuthError } from './errors';
import { atLeast } from './form';
import { alertAccountOwner } from './guessing-alert';

/**
 * Every password sign-in answers no sooner than this: an unknown address is refused without any
 * password hashing, a known one only after it, and that difference must not show.
 */
export const signInFloorMs = 500;

export type SignInResult =
	/** `secondFactor`: the password was right, and the account's two-factor code is still owed. */
	| { ok: true; secondFactor: boolean }
	| { ok: false; message: UiKey; status: number; retryAfterSeconds?: number };

interface Attempt {
	supabase: RequestClient;
	email: string;
	password: string;
	clientAddress: string;
	locale: Locale;
}

function refused(verdict: Verdict & { ok: false }, message: UiKey): SignInResult {
	return { ok: false, message, status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
}

/**
 * Signs a visitor in under the site's limits: attempts per client address (successes count too),
 * and wrong passwords per account from anywhere. When an account reaches its limit its owner is
 * mailed a reset link, which is also how they get in while sign-in is paused.
 */
export async function signIn(attempt: Attempt): Promise<SignInResult> {
	const account = accountKey(attempt.email);
	// One round trip for both: the address's attempt is counted only when neither limit refuses.
	const verdict = await hitAll(
		[[limits.signInPerAddress, attempt.clientAddress]],
		[[limits.signInFailuresPerAccount, account]],
	);
	if (!verdict.ok) {
		// Which one refused, for the message: the address's limit first, as it always was.
		const address = await limits.signInPerAddress.check(attempt.clientAddress);
		return refused(verdict, address.ok ? 'auth.error.accountPaused' : 'auth.error.rateLimited');
	}

	const { data, error } = await atLeast(
		signInFloorMs,
		attempt.supabase.auth.signInWithPassword({ email: attempt.email, password: attempt.password }),
	);
	if (!error)
		return { ok: true, secondFactor: needsSecondFactor(data.user, data.session.access_token) };
	const failure = describeAuthError(error);
	if (failure.message === 'auth.error.invalidCredentials') {
		await limits.signInFailuresPerAccount.record(account);
		const nowPaused = await limits.signInFailuresPerAccount.check(account);
		// Guesses arriving together all see the pause; only the first may mail, because each
		// mailed reset link voids the one before it and the owner would get dead links.
		if (!nowPaused.ok && (await limits.guessingAlertsPerAccount.hit(account)).ok)
			void alertAccountOwner(attempt.email, attempt.clientAddress, attempt.locale);
	}
	const status = failure.message === 'auth.error.rateLimited' ? 429 : 400;
	return { ok: false, message: failure.message, status };
}
