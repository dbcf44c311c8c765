import { AsyncLocalStorage } from 'node:async_hooks';
import { setting } from '../config/variables.ts';

/**
 * Structured logs: one JSON object per line on stdout, with the request id of the request being
 * served, so one order can be followed from checkout to a running server (docs/operations.md).
 * Secrets never reach a line: fields named like one are replaced, and strings shaped like a token
 * or key are masked wherever they appear. No relative imports: the site server loads this file
 * directly, and it shares the request scope with Astro's bundled copy through a global symbol.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
/** LOG_LEVEL may also be `silent` (the integration tests, whose failures speak for themselves). */
const silent = 100;
export type Fields = Record<string, unknown>;

const rank: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const scopeKey = Symbol.for('frostnode.log.request-scope');
const holder = globalThis as { [scopeKey]?: AsyncLocalStorage<{ requestId: string }> };
const scope = (holder[scopeKey] ??= new AsyncLocalStorage());

/** Runs `work` with `requestId` on every line logged inside it, however deep. */
export function withRequestId<T>(requestId: string, work: () => T): T {
	return scope.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
	return scope.getStore()?.requestId;
}

const secretField = /pass(word)?|secret|token|authorization|cookie|api_?key|cvc|cvv|card_?number/i;
const secretText = [
	/\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, // JWTs: sessions, anon and service-role keys
	/\b(sk|rk|pk)_(live|test)_\w+/g, // Stripe keys
	/\bwhsec_\w+/g,
	/\bptl[ac]_\w+/g, // Pterodactyl keys
	/\bsb_(secret|publishable)_[\w-]+/g,
	/\b(smtps?|postgres(ql)?):\/\/[^\s:@/]+:[^\s@/]+@/g, // credentials in a URL
];

function maskText(text: string): string {
	return secretText.reduce((masked, pattern) => masked.replace(pattern, '[redacted]'), text);
}

function clean(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return maskText(value);
	if (value instanceof Error)
		return {
			name: value.name,
			message: maskText(value.message),
			...(value.stack && depth === 0 ? { stack: maskText(value.stack) } : {}),
		};
	if (value === null || typeof value !== 'object') return value;
	if (depth > 4) return '[nested]';
	if (Array.isArray(value)) return value.slice(0, 50).map((item) => clean(item, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([key, item]) => [
			key,
			secretField.test(key) ? '[redacted]' : clean(item, depth + 1),
		]),
	);
}

const isLevel = (value: string): value is Level => Object.hasOwn(rank, value);

function threshold(): number {
	const level = setting('LOG_LEVEL')?.toLowerCase() ?? 'info';
	if (level === 'silent') return silent;
	return isLevel(level) ? rank[level] : rank.info;
}

export function log(level: Level, msg: string, fields: Fields = {}): void {
	if (rank[level] < threshold()) return;
	const requestId = currentRequestId();
	const line = {
		time: new Date().toISOString(),
		level,
		msg: maskText(msg),
		...(requestId ? { requestId } : {}),
		...(clean(fields) as Fields),
	};
	process.stdout.write(`${JSON.stringify(line)}\n`);
}

export const logger = {
	debug: (msg: string, fields?: Fields) => log('debug', msg, fields),
	info: (msg: string, fields?: Fields) => log('info', msg, fields),
	warn: (msg: string, fields?: Fields) => log('warn', msg, fields),
	error: (msg: string, fields?: Fields) => log('error', msg, fields),
};
