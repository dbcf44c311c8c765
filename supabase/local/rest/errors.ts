import { json } from '../http/types.ts';
import type { ApiResponse } from '../http/types.ts';

// PostgREST's error body is always {code, message, details, hint}. Database errors carry the SQLSTATE
// as code and map to HTTP statuses by PostgREST's table (Error.hs mapSQLtoHTTP) — including the quirk
// that insufficient_privilege is 401 for the anonymous role and 403 for everyone else.

export class RestError extends Error {
	readonly status: number;
	readonly code: string;
	/** Usually a string; PGRST201 lists the candidate relationships as JSON. */
	readonly details: unknown;
	readonly hint: string | null;
	readonly headers: Record<string, string>;

	constructor(
		status: number,
		code: string,
		message: string,
		details: unknown = null,
		hint: string | null = null,
		headers: Record<string, string> = {},
	) {
		super(message);
		this.name = 'RestError';
		this.status = status;
		this.code = code;
		this.details = details;
		this.hint = hint;
		this.headers = headers;
	}
}

/** A query-string parse failure, worded like PostgREST's parsec errors. */
export function parseError(
	what: string,
	input: string,
	column: number,
	details: string,
): RestError {
	return new RestError(
		400,
		'PGRST100',
		`"failed to parse ${what} (${input})" (line 1, column ${column})`,
		details,
	);
}

export function renderRestError(error: RestError): ApiResponse {
	return json(
		error.status,
		{ code: error.code, details: error.details, hint: error.hint, message: error.message },
		{ ...error.headers, 'Proxy-Status': `PostgREST; error=${error.code}` },
	);
}

function statusForSqlState(code: string, message: string, authed: boolean): number {
	if (code === '23503' || code === '23505') return 409;
	if (code === '25006') return 405;
	if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
	if (code === '22023')
		return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
	if (code === '42501') return authed ? 403 : 401;
	if (code === '42883') return 404;
	if (code === '42P01') return 404;
	if (code === '42P17') return 500;
	if (code === '53400') return 500;
	if (code === '57P01') return 503;
	if (code === 'P0001') return 400;
	if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
	const two = code.slice(0, 2);
	if (two === '08' || two === '53') return 503;
	if (
		[
			'09',
			'25',
			'2D',
			'38',
			'39',
			'3B',
			'40',
			'54',
			'55',
			'57',
			'58',
			'F0',
			'HV',
			'P0',
			'XX',
		].includes(two)
	)
		return 500;
	if (['0L', '0P', '28'].includes(two)) return 403;
	return 400;
}

interface PgErrorLike {
	code?: string;
	message?: string;
	detail?: string;
	hint?: string;
}

/** Turns an error thrown by PGlite into PostgREST's response for it. */
export function fromDatabaseError(error: unknown, authed: boolean): RestError {
	const pg = error as PgErrorLike;
	if (typeof pg?.code !== 'string' || pg.code.length !== 5) {
		return new RestError(500, 'PGRSTX00', error instanceof Error ? error.message : String(error));
	}
	const message = pg.message ?? '';
	const status = statusForSqlState(pg.code, message, authed);
	const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
	return new RestError(status, pg.code, message, pg.detail ?? null, pg.hint ?? null, headers);
}
