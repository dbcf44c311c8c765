import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { execute, outerStatement } from './execute.ts';
import type { BodyShape, Outcome } from './execute.ts';
import { planRead } from './plan.ts';
import { readSql } from './read-sql.ts';
import { shouldCount } from './read-response.ts';
import { resultRelation } from './result-relation.ts';
import { readRpcInput } from './rpc-body.ts';
import { callSource } from './rpc-call.ts';
import { callResponse, checkCallable, checkOutcome } from './rpc-response.ts';
import { chooseRoutine, noSuchFunction } from './rpc-routine.ts';
import { SqlParams } from './sql.ts';
import { inRequestTransaction } from './transaction.ts';

// POST /rpc/fn (JSON arguments, a raw body for a single unnamed parameter, or a form) and GET
// /rpc/fn?arg=value (read-only). As in PostgREST's mainCall, the call fills pgrst_source once and
// everything else reads it: set-returning functions take the same select, filters, order and limit as
// tables, and the count and max-affected see exactly the rows the body shows.

export async function callFunction(
	ctx: RestContext,
	call: RestCall,
	name: string,
): Promise<ApiResponse> {
	const input = readRpcInput(call);
	let routine = chooseRoutine(ctx.schema.routines.get(name) ?? [], input);
	if (!routine && (await ctx.refreshSchema()))
		routine = chooseRoutine(ctx.schema.routines.get(name) ?? [], input);
	if (!routine) throw noSuchFunction(name, input);
	const chosen = routine;

	const params = new SqlParams();
	const source = callSource(params, chosen, input);
	let shaped = 'SELECT * FROM pgrst_source';
	let shape: BodyShape = chosen.returnsSet ? 'setof-scalar' : 'scalar';
	let countSql = shouldCount(call.prefs) ? 'SELECT 1 FROM pgrst_source' : undefined;
	let offset = 0;
	if (chosen.returns === 'composite') {
		const columns = new Map(chosen.resultColumns.map((c) => [c.name, c]));
		const relation = resultRelation(chosen);
		// Rows of a table are read as that table: its computed fields apply (QuerySpec.hs "computed
		// column on rpc"). PostgREST selects the named columns inside the call (pgrst_call), or all of
		// them, read through an alias named after the table, for a select with `*`.
		const star = call.params.select.some((item) => item.kind === 'star');
		const plan = planRead(
			ctx.schema,
			{
				table: chosen.name,
				relation,
				scope: star ? relation : 'pgrst_call',
				columns,
				computedFields: ctx.schema.relations.get(relation)?.computedFields,
				alias: 'pgrst_call',
			},
			call.params,
			chosen.returnsSet ? ctx.maxRows : undefined,
		);
		shaped = readSql(plan, params, 'pgrst_source AS pgrst_call');
		countSql = shouldCount(call.prefs)
			? readSql(plan, params, 'pgrst_source AS pgrst_call', undefined, { unbounded: true })
			: undefined;
		shape = call.media.singular || !chosen.returnsSet ? 'object' : 'array';
		offset = plan.range.offset;
	} else if (chosen.returnsSet) {
		const range = call.params.ranges.get('') ?? { offset: 0 };
		const limit = Math.min(range.limit ?? ctx.maxRows, ctx.maxRows);
		shaped += ` LIMIT ${params.add(limit)} OFFSET ${params.add(range.offset)}`;
		offset = range.offset;
	}
	if (call.media.csv) shape = 'csv';
	// Validated only now, after the lookup and the read plan, in PostgREST's order.
	checkCallable(call, chosen);
	const sql = outerStatement(source, shaped, {
		shape,
		stripNulls: call.media.stripNulls,
		countSql,
	});
	const readOnly = !input.isPost || !chosen.volatile;
	const outcome = await inRequestTransaction<Outcome | ApiResponse>(
		ctx.db,
		call.request,
		call.who,
		readOnly,
		async (tx) => {
			const result = await execute(tx, sql, params);
			checkOutcome(call, chosen, result);
			return result;
		},
	);
	if ('status' in outcome) return outcome;
	return callResponse(call, chosen, offset, outcome);
}
