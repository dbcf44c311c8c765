import type { Transaction } from '../db/database.ts';
import type { ApiResponse } from '../http/types.ts';
import { RestError, renderRestError } from './errors.ts';
import type { SqlParams } from './sql.ts';
import { Rollback } from './transaction.ts';

// The outer statement every request shares (PostgREST's Statements.hs): the work sits in a CTE
// named pgrst_source and one row comes back with the optional total, the page size and the JSON body
// rendered by Postgres itself, so dates, numerics and json look exactly as PostgREST renders them.

export type BodyShape = 'array' | 'object' | 'scalar' | 'setof-scalar' | 'csv';

export interface Outcome {
	total: number | null;
	pageTotal: number;
	body: string;
}

export interface ShapeOptions {
	shape: BodyShape;
	stripNulls: boolean;
	countSql?: string;
}

// SqlFragment.hs asCsvF: the keys of pgrst_source's first row as the header line, then each row's
// record text without its parentheses, so quoting is Postgres' own record output.
const CSV_BODY = `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || chr(10) || coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '')`;

function bodyExpression(options: ShapeOptions): string {
	const strip = (sql: string) => (options.stripNulls ? `json_strip_nulls(${sql})` : sql);
	switch (options.shape) {
		case 'object':
			return `coalesce(${strip('json_agg(_t)->0')}, 'null')`;
		case 'scalar':
			return `coalesce(${strip('json_agg(_t.pgrst_scalar)->0')}, 'null')`;
		case 'setof-scalar':
			return `coalesce(${strip('json_agg(_t.pgrst_scalar)')}, '[]')`;
		case 'array':
			return `coalesce(${strip('json_agg(_t)')}, '[]')`;
		case 'csv':
			return CSV_BODY;
	}
}

/** `source` fills pgrst_source; `shaped` reads from it (e.g. `SELECT * FROM pgrst_source`). */
export function outerStatement(source: string, shaped: string, options: ShapeOptions): string {
	const total = options.countSql
		? `(SELECT count(*) FROM (${options.countSql}) AS _c)::int`
		: 'NULL::int';
	return `WITH pgrst_source AS (${source}) SELECT ${total} AS total, count(*)::int AS page_total, ${bodyExpression(options)}::text AS body FROM (${shaped}) AS _t`;
}

export async function execute(tx: Transaction, sql: string, params: SqlParams): Promise<Outcome> {
	const { rows } = await tx.query<{ total: number | null; page_total: number; body: string }>(
		sql,
		params.values,
	);
	const row = rows[0];
	return { total: row?.total ?? null, pageTotal: row?.page_total ?? 0, body: row?.body ?? '[]' };
}

/** The singular media type wants exactly one row; anything else is 406 and the work is undone. */
export function assertSingular(outcome: Outcome): void {
	if (outcome.pageTotal !== 1) {
		const error = new RestError(
			406,
			'PGRST116',
			'Cannot coerce the result to a single JSON object',
			`The result contains ${outcome.pageTotal} rows`,
		);
		throw new Rollback<ApiResponse>(renderRestError(error));
	}
}

/** PostgREST's contentRangeH: no range for an empty page or a total of 0. */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
	const of = total === null ? '*' : String(total);
	return pageTotal === 0 || total === 0 ? `*/${of}` : `${offset}-${offset + pageTotal - 1}/${of}`;
}

/** PostgREST's rangeStatus: 206 when a count shows the page is partial, 416 past the end. */
export function readStatus(offset: number, pageTotal: number, total: number | null): number {
	if (total === null) return 200;
	if (offset > total) return 416;
	if (pageTotal < total) return 206;
	return 200;
}

export const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
