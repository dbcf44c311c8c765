import { tooManyRequests } from './errors.ts';

// Failed password grants are counted per account and per client address over a sliding window.
// Once either count reaches its limit, every password grant for that account or from that address is
// refused with 429 until old failures age out — a correct password included, or guessing would go on.

export interface RateLimitSettings {
	windowSeconds: number;
	failedLoginsPerAccount: number;
	failedLoginsPerIp: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
	windowSeconds: 300,
	failedLoginsPerAccount: 10,
	failedLoginsPerIp: 30,
};

export class LoginLimiter {
	readonly #settings: RateLimitSettings;
	readonly #failures = new Map<string, number[]>();

	constructor(settings: RateLimitSettings) {
		this.#settings = settings;
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
			throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
		}
	}

	recordFailure(ip: string, account: string, now = Date.now()): void {
		for (const key of [`account:${account.toLowerCase()}`, `ip:${ip}`]) {
			this.#failures.set(key, [...this.#recent(key, now), now]);
		}
	}
}
