import { header } from '../http/types.ts';
import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError } from './errors.ts';
import { assertSingular, execute, outerStatement, readStatus } from './execute.ts';
import { planRead } from './plan.ts';
import { readResponse } from './read-response.ts';
import type { Relation } from './schema-cache.ts';
import { SqlParams, qualified, quoteIdent } from './sql.ts';
import { inRequestTransaction } from './transaction.ts';
import type { Range } from './types.ts';
import { readSql } from './read-sql.ts';

// GET and HEAD on a table or view.

/** `Range: 0-9` (with Range-Unit: items) for clients that page with headers instead of limit. */
function rangeFromHeader(value: string | undefined): Range | undefined {
	const match = value ? /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value) : null;
	if (!match) return undefined;
	const first = Number(match[1]);
	if (match[2] === '') return { offset: first };
	const last = Number(match[2]);
	if (last < first) {
		throw new RestError(
			416,
			'PGRST103',
			'Requested range not satisfiable',
			'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
		);
	}
	return { offset: first, limit: last - first + 1 };
}

export async function readTable(
	ctx: RestContext,
	call: RestCall,
	relation: Relation,
): Promise<ApiResponse> {
	const headerRange = rangeFromHeader(header(call.request, 'range'));
	if (headerRange && !call.params.ranges.has('')) call.params.ranges.set('', headerRange);
	const alias = quoteIdent(relation.name);
	const plan = planRead(
		ctx.schema,
		{
			table: relation.name,
			columns: relation.columns,
			alias,
			computedFields: relation.computedFields,
		},
		call.params,
		ctx.maxRows,
	);
	const params = new SqlParams();
	const from = qualified(relation.name);
	const source = readSql(plan, params, from);
	const countSql = call.prefs.count
		? readSql(plan, params, from, undefined, { unbounded: true })
		: undefined;
	const sql = outerStatement(source, 'SELECT * FROM pgrst_source', {
		shape: call.media.csv ? 'csv' : call.media.singular ? 'object' : 'array',
		stripNulls: call.media.stripNulls,
		countSql,
	});
	const outcome = await inRequestTransaction(ctx.db, call.request, call.who, true, async (tx) => {
		const result = await execute(tx, sql, params);
		if (call.media.singular) assertSingular(result);
		return result;
	});
	if ('status' in outcome) return outcome as ApiResponse;
	const offset = plan.range.offset;
	const status = readStatus(offset, outcome.pageTotal, outcome.total);
	return readResponse(call, offset, outcome, status);
}
