// What a game panel call can fail with, by what the caller should do about it. `retryable` is the
// one flag a job runner needs: retry with backoff, or stop and tell an operator.

export class GamePanelError extends Error {
	override name = 'GamePanelError';
	/** The panel's HTTP status and error code, when the panel answered. */
	readonly status: number | undefined;
	readonly code: string | undefined;
	readonly retryable: boolean = false;

	constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
		super(message, { cause: options.cause });
		this.status = options.status;
		this.code = options.code;
	}
}

/** The settings are missing or wrong: nothing will work until an operator fixes them. */
export class GamePanelConfigError extends GamePanelError {
	override name = 'GamePanelConfigError';
}

/** No such server (or it was deleted). */
export class GamePanelNotFoundError extends GamePanelError {
	override name = 'GamePanelNotFoundError';
}

export interface ValidationIssue {
	/** Dot path: ours (`ramGb`) when we refused the input, the panel's (`limits.memory`) otherwise. */
	field: string;
	/** The panel's rule name (`required`, `unique`, ...), when it said. */
	rule?: string;
	message: string;
}

/** The input was refused, field by field. Retrying the same request cannot help. */
export class GamePanelValidationError extends GamePanelError {
	override name = 'GamePanelValidationError';
	readonly issues: readonly ValidationIssue[];

	constructor(issues: readonly ValidationIssue[], options: { status?: number } = {}) {
		super(`Refused: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`, {
			...options,
			code: 'ValidationException',
		});
		this.issues = issues;
	}

	/** Messages per field, for showing or logging. */
	get fields(): Record<string, string[]> {
		const fields: Record<string, string[]> = {};
		for (const issue of this.issues) (fields[issue.field] ??= []).push(issue.message);
		return fields;
	}
}

/**
 * The server's state does not allow this now: power while suspended or installing (the panel's
 * 409). Not retryable as such; retry after the state changed.
 */
export class GamePanelConflictError extends GamePanelError {
	override name = 'GamePanelConflictError';
}

/** Over the panel's per-minute limit; wait `retryAfterSeconds` before the next call. */
export class GamePanelRateLimitedError extends GamePanelError {
	override name = 'GamePanelRateLimitedError';
	override readonly retryable = true;
	readonly retryAfterSeconds: number;

	constructor(retryAfterSeconds: number, message = 'The game panel is rate limiting us') {
		super(`${message} (retry after ${retryAfterSeconds} s)`, {
			status: 429,
			code: 'TooManyRequests',
		});
		this.retryAfterSeconds = retryAfterSeconds;
	}
}

/**
 * The panel (or its node daemon) could not be reached or failed: 5xx, a timeout, a refused
 * connection. Every method is safe to call again, create included (it looks up the service first).
 */
export class GamePanelUnavailableError extends GamePanelError {
	override name = 'GamePanelUnavailableError';
	override readonly retryable = true;
}

/**
 * What the panel refuses for a reason the customer can act on: a backup over the plan's limit, a
 * locked backup deleted, a path outside the server's folder, a binary file opened as text. The
 * reasons are a closed list; each has the customer's words (`gameServer.refusal.<reason>`).
 * `not_minecraft`: server software and modpacks are installed on Minecraft servers only.
 */
export const panelRefusals = [
	'backup_limit',
	'backup_locked',
	'backups_too_frequent',
	'backup_not_restorable',
	'path_outside_root',
	'file_not_found',
	'file_too_large',
	'file_not_text',
	'not_a_folder',
	'name_taken',
	'server_not_running',
	'not_minecraft',
] as const;
export type PanelRefusal = (typeof panelRefusals)[number];

export class GamePanelRefusedError extends GamePanelError {
	override name = 'GamePanelRefusedError';
	readonly reason: PanelRefusal;
	/** The plan's number of backups, with `backup_limit`. */
	readonly limit: number | undefined;

	constructor(
		reason: PanelRefusal,
		message: string,
		options: { status?: number; code?: string; limit?: number } = {},
	) {
		super(message, options);
		this.reason = reason;
		this.limit = options.limit;
	}
}
