import { tooManyRequests } from './errors.ts';
import { TokenBuckets } from './token-bucket.ts';

// Two kinds of limit, both per client address as GoTrue sees it (the socket, or Sb-Forwarded-For
// from a trusted server):
// - every password sign-in and sign-up takes a token from the address's bucket, refilled at
//   sign_in_sign_ups per window, as the hosted project limits them whether they succeed or not;
// - failed password grants are counted per account and per address over a sliding window. Once either
//   count reaches its limit, every password grant for that account or from that address is refused
//   with 429 until old failures age out — a correct password included, or guessing would go on.
// MFA challenge and verify each have GoTrue's own per-address limiter (apilimiter FactorChallenge,
// FactorVerify): RATE_LIMIT_CHALLENGE_AND_VERIFY per minute with a burst of 30, the bucket dropped a
// minute after it was made. Per address, not per user, as GoTrue limits them.

export interface RateLimitSettings {
	windowSeconds: number;
	/** config.toml [auth.rate_limit] sign_in_sign_ups: requests per address per window. */
	signInsSignUpsPerIp: number;
	failedLoginsPerAccount: number;
	failedLoginsPerIp: number;
	/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: challenges (and, apart, verifies) per minute. */
	mfaChallengeAndVerifyPerMinute: number;
	/** The burst GoTrue's MFA limiters allow before the per-minute rate applies. */
	mfaBurst: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
	windowSeconds: 300,
	signInsSignUpsPerIp: 30,
	failedLoginsPerAccount: 10,
	failedLoginsPerIp: 30,
	mfaChallengeAndVerifyPerMinute: 15,
	mfaBurst: 30,
};

const limitReached = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');

export class LoginLimiter {
	readonly #settings: RateLimitSettings;
	readonly #failures = new Map<string, number[]>();
	readonly #signIns: TokenBuckets;
	readonly #factorChallenges: TokenBuckets;
	readonly #factorVerifies: TokenBuckets;

	constructor(settings: RateLimitSettings) {
		this.#settings = settings;
		this.#signIns = new TokenBuckets(settings.signInsSignUpsPerIp, settings.windowSeconds);
		// A bucket of `burst` refilled at the per-minute rate: `burst` tokens per burst/rate minutes.
		const refillSeconds = (60 * settings.mfaBurst) / settings.mfaChallengeAndVerifyPerMinute;
		// GoTrue's limiter forgets an address's bucket a minute after making it.
		this.#factorChallenges = new TokenBuckets(settings.mfaBurst, refillSeconds, 60);
		this.#factorVerifies = new TokenBuckets(settings.mfaBurst, refillSeconds, 60);
	}

	/** POST /factors/{id}/challenge: 429 over_request_rate_limit once the address's bucket is empty. */
	takeFactorChallenge(ip: string, now = Date.now()): void {
		if (!this.#factorChallenges.take(ip, now)) throw limitReached();
	}

	/** POST /factors/{id}/verify: its own bucket, so challenges do not use up verifies. */
	takeFactorVerify(ip: string, now = Date.now()): void {
		if (!this.#factorVerifies.take(ip, now)) throw limitReached();
	}

	/** Takes the address's token for one sign-in or sign-up; 429 when its bucket is empty. */
	takeSignInOrSignUp(ip: string, now = Date.now()): void {
		if (!this.#signIns.take(ip, now)) throw limitReached();
	}

	#recent(key: string, now: number): number[] {
		const cutoff = now - this.#settings.windowSeconds * 1000;
		const kept = (this.#failures.get(key) ?? []).filter((at) => at > cutoff);
		if (kept.length === 0) this.#failures.delete(key);
		else this.#failures.set(key, kept);
		return kept;
	}

	/** Throws 429 over_request_rate_limit when the account or the address is over its limit. */
	assertAllowed(ip: string, account: string, now = Date.now()): void {
		const byAccount = this.#recent(`account:${account.toLowerCase()}`, now).length;
		const byIp = this.#recent(`ip:${ip}`, now).length;
		if (
			byAccount >= this.#settings.failedLoginsPerAccount ||
			byIp >= this.#settings.failedLoginsPerIp
		) {
			throw limitReached();
		}
	}

	/** Forgets an account's failures once its owner has set a new password. */
	forgetAccount(account: string): void {
		this.#failures.delete(`account:${account.toLowerCase()}`);
	}

	recordFailure(ip: string, account: string, now = Date.now()): void {
		for (const key of [`account:${account.toLowerCase()}`, `ip:${ip}`]) {
			this.#failures.set(key, [...this.#recent(key, now), now]);
		}
	}
}
