import type { AdminClient } from '../supabase/admin-client';
import { logger } from '../log/logger';
import type { LimitCheck, LimitStore, TakeMode, Verdict } from './limiter';

/**
 * The counts in the database (`rate_limit_take`, migrations 20261126100000_shared_rate_limits and
 * 20261126150000_rate_limit_flood), one
 * transaction per take, so every site server sees the same counts and two cannot both let the
 * last allowed request through. If the database cannot answer, the request goes ahead: the
 * backend it protects is then down anyway, and customers must not be locked out by a counter.
 */
export class DatabaseStore implements LimitStore {
	readonly #admin: AdminClient;

	constructor(admin: AdminClient) {
		this.#admin = admin;
	}

	async take(checks: LimitCheck[], mode: TakeMode): Promise<Verdict> {
		const { data, error } = await this.#admin.rpc('rate_limit_take', {
			checks: checks.map(({ bucket, key, limit, count }) => ({
				bucket,
				key,
				max: limit.max,
				window: limit.windowSeconds,
				...(count === false ? { count: false } : {}),
			})),
			mode,
		});
		if (error) {
			logger.error('rate limit not counted', {
				buckets: checks.map((c) => c.bucket),
				error: error.message,
			});
			return { ok: true };
		}
		const wait = Number(data);
		return wait > 0 ? { ok: false, retryAfterSeconds: wait } : { ok: true };
	}

	async forget(bucket: string, key: string, everything: boolean): Promise<void> {
		const { error } = await this.#admin.rpc('rate_limit_forget', { bucket, key, everything });
		if (error) logger.error('rate limit not forgotten', { bucket, error: error.message });
	}
}
