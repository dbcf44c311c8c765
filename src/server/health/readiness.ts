import { defaultChecks, type Check, type PartName } from './checks';
import { redactSecrets } from './secrets';

// Readiness: whether this instance can do its work now. Each part is asked at once, all in
// parallel, and each answer waits at most `timeoutMs`, so one hung backend costs the check a few
// seconds, not the sum of them. A part that is down is named with its reason; the reasons are for
// operators' monitoring, so anything that looks like a configured secret is taken out of them.

export interface PartResult {
	ok: boolean;
	/** How long the part took to answer (or to be given up on), in whole milliseconds. */
	ms: number;
	error?: string;
	/** Which implementation answered, where there is a choice (gateway, game panel). */
	kind?: string;
}

export interface Readiness {
	status: 'ready' | 'unready';
	checks: Record<PartName, PartResult>;
}

export interface ReadinessOptions {
	/** The backstop per part; the probes' own timeouts (about 3 s) normally answer first. */
	timeoutMs?: number;
	/** Whose values never appear in an error (the process environment unless a test says). */
	env?: Record<string, string | undefined>;
}

const defaultTimeoutMs = 4_000;
const maxErrorLength = 300;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`did not answer within ${ms / 1000} s`)), ms);
	});
	return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function run(make: () => Check, timeoutMs: number, env: ReadinessOptions['env']) {
	const started = performance.now();
	const ms = () => Math.round(performance.now() - started);
	let kind: string | undefined;
	try {
		// Inside the try: a factory that throws is that part down, not the whole check.
		const check = make();
		kind = check.kind;
		await withTimeout(check.probe(), timeoutMs);
		return { ok: true, ms: ms(), ...(kind ? { kind } : {}) };
	} catch (error) {
		const said = error instanceof Error && error.message ? error.message : 'failed';
		const message = redactSecrets(said, env).slice(0, maxErrorLength);
		return { ok: false, ms: ms(), error: message, ...(kind ? { kind } : {}) };
	}
}

/** Asks every part at once; `checks` replaces the production ones (tests point them elsewhere). */
export async function readiness(
	checks: Record<PartName, () => Check> = defaultChecks(),
	options: ReadinessOptions = {},
): Promise<Readiness> {
	const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
	const env = options.env ?? process.env;
	const names = Object.keys(checks) as PartName[];
	const results = await Promise.all(names.map((name) => run(checks[name], timeoutMs, env)));
	const byName = Object.fromEntries(
		names.map((name, i) => [name, results[i]]),
	) as Readiness['checks'];
	return { status: results.every((r) => r.ok) ? 'ready' : 'unready', checks: byName };
}
