// What a DNS call can fail with. `retryable` is the one flag a caller needs: retry later (the
// delivery sweep does), or stop and tell an operator.

export class DnsError extends Error {
	override name = 'DnsError';
	readonly status: number | undefined;
	readonly retryable: boolean = false;

	constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
		super(message, { cause: options.cause });
		this.status = options.status;
	}
}

/** The settings are missing or wrong: nothing will work until an operator fixes them. */
export class DnsConfigError extends DnsError {
	override name = 'DnsConfigError';
}

/** The change was refused (out of zone, bad name or content, CNAME conflict): the same fails again. */
export class DnsValidationError extends DnsError {
	override name = 'DnsValidationError';
}

/** The zone does not exist on the server. */
export class DnsNotFoundError extends DnsError {
	override name = 'DnsNotFoundError';
}

/** The server could not be reached, answered 5xx or timed out: try again later. */
export class DnsUnavailableError extends DnsError {
	override name = 'DnsUnavailableError';
	override readonly retryable = true;
}
