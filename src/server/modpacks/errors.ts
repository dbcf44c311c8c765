// What a modpack source call can fail with, by what the caller should do about it: tell the
// customer why this pack cannot be installed (refused), try again later (unavailable, retryable),
// or have an operator fix the settings (config).

export class ModpackError extends Error {
	override name = 'ModpackError';
	/** The source's HTTP status, when it answered. */
	readonly status: number | undefined;
	readonly retryable: boolean = false;

	constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
		super(message, { cause: options.cause });
		this.status = options.status;
	}
}

/** The settings are missing or wrong: nothing will work until an operator fixes them. */
export class ModpackConfigError extends ModpackError {
	override name = 'ModpackConfigError';
}

/**
 * Why a pack (or one version of it) cannot be installed, a closed list the customer is told in
 * their language: no such project or version (`not_found`), a project that is not a modpack (a
 * mod, a shader: `not_modpack`), a version without a `.mrpack` a dedicated server can install, or
 * a pack made for clients only (`no_server_pack`), a pack on no loader or one we do not install
 * (`unsupported_loader`), a pack Modrinth's own rules refuse or whose download does not match its
 * hashes (`bad_pack`). Retrying cannot help.
 */
export const modpackRefusals = [
	'not_found',
	'not_modpack',
	'no_server_pack',
	'unsupported_loader',
	'bad_pack',
] as const;
export type ModpackRefusal = (typeof modpackRefusals)[number];

export class ModpackRefusedError extends ModpackError {
	override name = 'ModpackRefusedError';
	readonly reason: ModpackRefusal;

	/** `detail` is for the log (an unsafe path, a hash that differs); the customer gets the reason. */
	constructor(reason: ModpackRefusal, detail: string, options: { status?: number } = {}) {
		super(`${reason}: ${detail}`, options);
		this.reason = reason;
	}
}

/**
 * The source could not answer now: a refused connection or timeout, its 5xx, its rate limit (429)
 * or our own budget of calls to it spent. `retryAfterMs` is how long to wait when it said (its
 * `Retry-After` or `X-Ratelimit-Reset`), else null. Not retryable only when the source refuses us
 * as such (401/403: the User-Agent or the address is blocked), which an operator must look at.
 */
export class ModpackUnavailableError extends ModpackError {
	override name = 'ModpackUnavailableError';
	override readonly retryable: boolean;
	readonly retryAfterMs: number | null;

	constructor(
		message: string,
		options: {
			status?: number;
			cause?: unknown;
			retryAfterMs?: number | null;
			retryable?: boolean;
		} = {},
	) {
		super(message, options);
		this.retryable = options.retryable ?? true;
		this.retryAfterMs = options.retryAfterMs ?? null;
	}
}
