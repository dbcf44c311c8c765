/**
 * The process's shutdown signal. The site server aborts it on SIGTERM; long work (the billing
 * run) checks it between steps, stops early and releases what it holds, so a stopping server
 * never leaves the billing lock taken until its lease runs out. No imports, and one instance per
 * process through a global symbol: the site server and Astro's bundle each load this file.
 */
const key = Symbol.for('frostnode.lifecycle.shutdown');
const holder = globalThis as { [key]?: AbortController };

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
