import type { Database, Transaction } from '../db/database.ts';
import type { ApiRequest } from '../http/types.ts';
import type { RequestRole } from './request-role.ts';

// One request, one transaction, as PostgREST runs it: read-only for GET/HEAD (and non-volatile
// functions), then role, claims and request.* settings set transaction-locally in one statement, so
// nothing leaks into the next request on the same connection (PGlite's one, or a pooled one).

/** Thrown inside the transaction to roll it back while still answering with `response`. */
export class Rollback<T> extends Error {
	readonly result: T;
	constructor(result: T) {
		super('rollback');
		this.result = result;
	}
}

function cookiesOf(header: string | undefined): Record<string, string> {
	const cookies: Record<string, string> = {};
	for (const part of (header ?? '').split(';')) {
		const eq = part.indexOf('=');
		if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
	}
	return cookies;
}

function headersOf(request: ApiRequest): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(request.headers)) {
		if (value !== undefined)
			headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
	}
	return headers;
}

/**
 * A hosted project's `authenticated` role's statement_timeout: a runaway query (a filter without an
 * index over a big table) is cancelled instead of holding a pooled connection and its locks.
 */
const STATEMENT_TIMEOUT = '8s';

export async function inRequestTransaction<T>(
	db: Database,
	request: ApiRequest,
	who: RequestRole,
	readOnly: boolean,
	work: (tx: Transaction) => Promise<T>,
): Promise<T> {
	try {
		return await db.transaction(async (tx) => {
			if (readOnly) await tx.exec('set transaction read only');
			await tx.query(
				`select set_config('search_path', 'public, extensions', true), set_config('role', $1, true),
				   set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
				   set_config('request.path', $4, true), set_config('request.headers', $5, true),
				   set_config('request.cookies', $6, true), set_config('statement_timeout', $7, true)`,
				[
					who.role,
					JSON.stringify(who.claims),
					request.method,
					request.url.pathname.replace(/^\/rest\/v1/, ''),
					JSON.stringify(headersOf(request)),
					JSON.stringify(cookiesOf(request.headers.cookie)),
					STATEMENT_TIMEOUT,
				],
			);
			return work(tx);
		});
	} catch (error) {
		if (error instanceof Rollback) return error.result as T;
		throw error;
	}
}
