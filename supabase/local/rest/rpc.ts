import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError } from './errors.ts';
import { parseJsonText } from './payload.ts';
import { assertSingular, execute, outerStatement, readStatus } from './execute.ts';
import type { BodyShape } from './execute.ts';
import { planRead } from './plan.ts';
import { readResponse } from './read-response.ts';
import { appliedHeader } from './preferences.ts';
import { readSql } from './read-sql.ts';
import { SqlParams } from './sql.ts';
import { callFrom, chooseRoutine, noSuchFunction } from './rpc-routine.ts';
import { inRequestTransaction } from './transaction.ts';

// POST /rpc/fn with a JSON object of named arguments, GET /rpc/fn?arg=value (read-only). Arguments
// travel as one JSON parameter unpacked by json_to_record with the function's own parameter types;
// set-returning functions accept the same select, filters, order and limit as tables.

export async function callFunction(
	ctx: RestContext,
	call: RestCall,
	name: string,
): Promise<ApiResponse> {
	const isPost = call.request.method === 'POST';
	let args: Record<string, unknown> = {};
	const rawBody = call.request.body.toString('utf8');
	if (isPost) {
		const parsed = rawBody.trim() === '' ? {} : parseJsonText(rawBody);
		if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
			throw new RestError(400, 'PGRST102', 'Empty or invalid json');
		args = parsed as Record<string, unknown>;
	} else {
		args = Object.fromEntries(call.params.args);
	}
	const keys = Object.keys(args);
	let candidates = ctx.schema.routines.get(name) ?? [];
	let chosen = chooseRoutine(candidates, keys, isPost);
	if (!chosen && (await ctx.refreshSchema())) {
		candidates = ctx.schema.routines.get(name) ?? [];
		chosen = chooseRoutine(candidates, keys, isPost);
	}
	if (!chosen) throw noSuchFunction(name, keys, isPost);
	const { routine, wholeBody } = chosen;

	const params = new SqlParams();
	const from = callFrom(params, routine, args, wholeBody, rawBody);
	let source: string;
	let shape: BodyShape;
	let countSql: string | undefined;
	let offset = 0;
	if (routine.returns === 'composite') {
		const columns = new Map(routine.resultColumns.map((c) => [c.name, c]));
		const plan = planRead(
			ctx.schema,
			{ table: routine.name, columns, alias: 'pgrst_call' },
			call.params,
			routine.returnsSet ? ctx.maxRows : undefined,
		);
		source = readSql(plan, params, from);
		countSql =
			call.prefs.count && routine.returnsSet
				? readSql(plan, params, from, undefined, { unbounded: true })
				: undefined;
		shape = call.media.singular || !routine.returnsSet ? 'object' : 'array';
		offset = plan.range.offset;
	} else {
		// A void result has no JSON form; the call still runs, its value is dropped.
		source =
			routine.returns === 'void'
				? `SELECT NULL::int AS pgrst_scalar FROM ${from}`
				: `SELECT pgrst_call.pgrst_scalar FROM ${from}`;
		shape = routine.returnsSet ? 'setof-scalar' : 'scalar';
	}
	const sql = outerStatement(source, 'SELECT * FROM pgrst_source', {
		shape,
		stripNulls: call.media.stripNulls,
		countSql,
	});
	const readOnly = !isPost || !routine.volatile;
	const outcome = await inRequestTransaction(
		ctx.db,
		call.request,
		call.who,
		readOnly,
		async (tx) => {
			const result = await execute(tx, sql, params);
			if (call.media.singular && routine.returnsSet) assertSingular(result);
			return result;
		},
	);
	if ('status' in outcome) return outcome as ApiResponse;
	if (routine.returns === 'void')
		return { status: 204, headers: appliedHeader(call.prefs, ['count']) };
	const status = routine.returnsSet ? readStatus(offset, outcome.pageTotal, outcome.total) : 200;
	return readResponse(call, offset, outcome, status);
}
