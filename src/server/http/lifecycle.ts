/**
 * The process's shutdown signal and its background work. The site server aborts the signal on
 * SIGTERM; long work (the billing run) checks it between steps, stops early and releases what it
 * holds, so a stopping server never leaves the billing lock taken until its lease runs out. Work
 * that outlives its request (provisioning after a payment) is registered here, and a stopping
 * server waits for it within its grace period. No imports, and one instance per process through a
 * global symbol: the site server and Astro's bundle each load this file.
 */
const key = Symbol.for('frostnode.lifecycle.shutdown');
const tasksKey = Symbol.for('frostnode.lifecycle.background');
const tokenKey = Symbol.for('frostnode.lifecycle.process-token');
const holder = globalThis as {
	[key]?: AbortController;
	[tasksKey]?: Set<Promise<unknown>>;
	[tokenKey]?: string;
};

/**
 * A random secret of this process alone, never sent anywhere else: the site server proves with
 * it that a request to the start-up route (taking up cut-off provisioning) comes from itself.
 */
export function processToken(): string {
	return (holder[tokenKey] ??= globalThis.crypto.randomUUID());
}

function tasks(): Set<Promise<unknown>> {
	return (holder[tasksKey] ??= new Set());
}

/** Runs `work` after the response; a graceful stop waits for it. Failures are the work's own. */
export function inBackground(work: Promise<unknown>): void {
	const task = work.catch(() => undefined);
	tasks().add(task);
	void task.finally(() => tasks().delete(task));
}

/** Resolves once no background work is left (work started meanwhile included). */
export async function backgroundSettled(): Promise<void> {
	while (tasks().size > 0) await Promise.allSettled([...tasks()]);
}

function controller(): AbortController {
	return (holder[key] ??= new AbortController());
}

export function shutdownSignal(): AbortSignal {
	return controller().signal;
}

export function beginShutdown(): void {
	controller().abort(new Error('the server is shutting down'));
}

export function isShuttingDown(): boolean {
	return controller().signal.aborted;
}
