import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError, renderRestError } from './errors.ts';
import { JSON_TYPE, assertSingular, execute, outerStatement } from './execute.ts';
import type { Outcome } from './execute.ts';
import { returningList } from './mutate-sql.ts';
import type { ReadNode } from './plan.ts';
import { appliedHeader } from './preferences.ts';
import { readSql } from './read-sql.ts';
import { SqlParams } from './sql.ts';
import { Rollback, inRequestTransaction } from './transaction.ts';

// Running one mutation the PostgREST way: the statement in pgrst_source, the representation read
// back through the select plan, then the checks that may still undo it all — singular media type,
// max-affected, tx=rollback — and the response with Content-Range and Preference-Applied.

/** Runs a mutation statement and turns the outcome into PostgREST's response. */
export async function mutate(
	ctx: RestContext,
	call: RestCall,
	root: ReadNode,
	build: (params: SqlParams, returning: string) => string,
	respond: (outcome: Outcome) => ApiResponse,
): Promise<ApiResponse> {
	const representation = call.prefs.return === 'representation';
	const params = new SqlParams();
	const returning = representation ? returningList(root) : '1';
	const source = build(params, returning);
	// The representation re-reads RETURNING through the select plan, embeds included; root filters
	// already did their work in the mutation.
	const shapedRoot: ReadNode = { ...root, filters: [], logic: [], order: [], range: { offset: 0 } };
	const shaped = representation
		? readSql(shapedRoot, params, `pgrst_source AS ${root.alias}`)
		: 'SELECT * FROM pgrst_source';
	const sql = outerStatement(source, shaped, {
		shape: call.media.singular ? 'object' : 'array',
		stripNulls: call.media.stripNulls,
	});
	const result = await inRequestTransaction(ctx.db, call.request, call.who, false, async (tx) => {
		const outcome = await execute(tx, sql, params);
		if (call.media.singular) assertSingular(outcome);
		if (
			call.prefs.handling === 'strict' &&
			call.prefs.maxAffected !== undefined &&
			outcome.pageTotal > call.prefs.maxAffected
		) {
			throw new Rollback(
				renderRestError(
					new RestError(
						400,
						'PGRST124',
						'Query result exceeds max-affected preference constraint',
						`The query affects ${outcome.pageTotal} rows`,
					),
				),
			);
		}
		const response = respond(outcome);
		if (call.prefs.tx === 'rollback') throw new Rollback(response);
		return response;
	});
	return result;
}

export function withBody(
	call: RestCall,
	status: number,
	outcome: Outcome,
	range: string,
): ApiResponse {
	const representation = call.prefs.return === 'representation';
	const headers = {
		...(representation ? JSON_TYPE : {}),
		'Content-Range': range,
		...appliedHeader(call.prefs, [
			'resolution',
			'missing',
			'return',
			'count',
			'tx',
			'handling',
			'maxAffected',
		]),
	};
	return representation
		? { status, headers, body: outcome.body }
		: { status: status === 201 ? 201 : 204, headers };
}
