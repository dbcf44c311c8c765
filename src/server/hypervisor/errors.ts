// What a hypervisor call can fail with, by what the caller should do about it. `retryable` is the
// one flag a job runner needs: retry with backoff, or stop and tell an operator.

export class HypervisorError extends Error {
	override name = 'HypervisorError';
	/** The hypervisor's HTTP status, when it answered. */
	readonly status: number | undefined;
	readonly retryable: boolean = false;
	/** The failed task's last log lines (Proxmox UPID tasks), for the operator. */
	readonly taskLog: readonly string[];

	constructor(
		message: string,
		options: { status?: number; cause?: unknown; taskLog?: readonly string[] } = {},
	) {
		super(message, { cause: options.cause });
		this.status = options.status;
		this.taskLog = options.taskLog ?? [];
	}
}

/** The settings are missing or wrong: nothing will work until an operator fixes them. */
export class HypervisorConfigError extends HypervisorError {
	override name = 'HypervisorConfigError';
}

/** The input was refused (bad hostname, shrinking a disk, a parameter's format). */
export class HypervisorValidationError extends HypervisorError {
	override name = 'HypervisorValidationError';
}

/** No such machine (or it was destroyed). */
export class HypervisorNotFoundError extends HypervisorError {
	override name = 'HypervisorNotFoundError';
}

/**
 * The machine's state forbids this now: locked (clone, create, ...), the VMID taken by a machine
 * not ours, power while suspended. Retry after the state changed.
 */
export class HypervisorConflictError extends HypervisorError {
	override name = 'HypervisorConflictError';
}

/**
 * The node has not the room for the machine asked (its cores, memory or disk, by the operator's
 * over-commit rules): nothing was made. Another node, or the same one after machines left.
 */
export class HypervisorNoRoomError extends HypervisorError {
	override name = 'HypervisorNoRoomError';
}

/** No answer, a timeout, a 5xx or a file lock timeout: every method is safe to call again. */
export class HypervisorUnavailableError extends HypervisorError {
	override name = 'HypervisorUnavailableError';
	override readonly retryable = true;
}
