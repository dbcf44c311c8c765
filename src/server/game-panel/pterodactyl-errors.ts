import { z } from 'zod';
import {
	GamePanelConflictError,
	GamePanelError,
	GamePanelNotFoundError,
	GamePanelRateLimitedError,
	GamePanelRefusedError,
	GamePanelUnavailableError,
	GamePanelValidationError,
	type PanelRefusal,
} from './errors';

// The panel's error answers (`{ errors: [{ code, status, detail, meta? }] }`) as our error classes.
// Logic keys on the status and `meta` only: `detail` is for people, and with APP_DEBUG on it holds
// stack traces, so it is cut short before it reaches a log line.

const errorBody = z.object({
	errors: z.array(
		z.object({
			code: z.string().optional(),
			detail: z.string().optional(),
			meta: z
				.object({ source_field: z.string(), rule: z.string().optional() })
				.partial()
				.optional(),
		}),
	),
});

const FALLBACK_RETRY_SECONDS = 60;

/** Seconds to wait from `Retry-After` (seconds or an HTTP date), else `X-RateLimit-Reset`. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
	const retryAfter = headers.get('retry-after')?.trim();
	if (retryAfter && /^\d+$/.test(retryAfter)) return Math.max(1, Number(retryAfter));
	const date = retryAfter ? Date.parse(retryAfter) : NaN;
	if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - now) / 1000));
	const reset = Number(headers.get('x-ratelimit-reset'));
	if (reset > 0) return Math.max(1, Math.ceil(reset - now / 1000));
	return FALLBACK_RETRY_SECONDS;
}

/**
 * The refusals a customer can act on that the panel names by its exception class, whatever the
 * route. The two 429s differ by class: the backup throttle throws TooManyRequestsHttpException
 * itself, the API's rate limit its subclass ThrottleRequestsException (checked on the words too,
 * so a panel that renamed one never turns a rate limit into a customer's refusal).
 */
function refusal(status: number, code: string | undefined, detail: string): PanelRefusal | null {
	if (code === 'TooManyBackupsException') return 'backup_limit';
	if (code === 'BackupLockedException') return 'backup_locked';
	if (code === 'FileSizeTooLargeException') return 'file_too_large';
	if (status === 429 && code === 'TooManyRequestsHttpException' && /backups? may be/i.test(detail))
		return 'backups_too_frequent';
	return null;
}

export function errorFromResponse(
	status: number,
	body: unknown,
	headers: Headers,
	now = Date.now(),
): GamePanelError {
	const errors = errorBody.safeParse(body).data?.errors ?? [];
	const first = errors[0];
	const code = first?.code;
	const detail = (first?.detail ?? `HTTP ${status}`).slice(0, 300);
	const message = `The game panel answered ${status}${code ? ` ${code}` : ''}: ${detail}`;
	const refused = refusal(status, code, detail);
	if (refused) return new GamePanelRefusedError(refused, message, { status, code });
	if (status === 404) return new GamePanelNotFoundError(message, { status, code });
	if (status === 409) return new GamePanelConflictError(message, { status, code });
	if (status === 429) return new GamePanelRateLimitedError(retryAfterSeconds(headers, now));
	if (status === 422)
		return new GamePanelValidationError(
			errors.map((error) => ({
				field: error.meta?.source_field ?? '(request)',
				...(error.meta?.rule ? { rule: error.meta.rule } : {}),
				message: (error.detail ?? 'is invalid').slice(0, 300),
			})),
			{ status },
		);
	// 502/504 are the node daemon (Wings) failing behind the panel; 500/503 the panel itself.
	if (status >= 500) return new GamePanelUnavailableError(message, { status, code });
	return new GamePanelError(message, { status, code });
}
