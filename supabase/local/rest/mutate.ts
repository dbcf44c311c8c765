import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError, renderRestError } from './errors.ts';
import { assertSingular, execute, outerStatement } from './execute.ts';
import { returningList } from './mutate-sql.ts';
import { mutationResponse } from './mutate-response.ts';
import type { Mutation } from './mutate-response.ts';
import type { ReadNode } from './plan.ts';
import { readSql } from './read-sql.ts';
import { SqlParams } from './sql.ts';
import { Rollback, inRequestTransaction } from './transaction.ts';

// Running one mutation the PostgREST way: the statement in pgrst_source, the representation read
// back through the select plan, then the checks that may still undo it all — singular media type,
// max-affected (updates and deletes), tx=rollback — and the response (mutate-response.ts).

export interface MutationSpec {
	mutation: Mutation;
	/** Builds the statement for pgrst_source, given what RETURNING must list. */
	build: (params: SqlParams, returning: string) => string;
	/** The statement counts inserted rows in pgrst.inserted (merge-duplicates upserts). */
	countsInserted?: boolean;
	resolutionApplies?: boolean;
	primaryKey: string[];
}

function maxAffectedError(affected: number): Rollback<ApiResponse> {
	const error = new RestError(
		400,
		'PGRST124',
		'Query result exceeds max-affected preference constraint',
		`The query affects ${affected} rows`,
	);
	return new Rollback(renderRestError(error));
}

/** Runs a mutation statement and turns the outcome into PostgREST's response. */
export async function mutate(
	ctx: RestContext,
	call: RestCall,
	root: ReadNode,
	spec: MutationSpec,
): Promise<ApiResponse> {
	const representation = call.prefs.return === 'representation';
	const params = new SqlParams();
	const returning = representation ? returningList(root, spec.primaryKey) : '1';
	const source = spec.build(params, returning);
	// The representation re-reads RETURNING through the select plan, embeds included; root filters
	// already did their work in the mutation.
	const shapedRoot: ReadNode = { ...root, filters: [], logic: [], order: [], range: { offset: 0 } };
	const shaped = representation
		? readSql(shapedRoot, params, `pgrst_source AS ${root.alias}`)
		: 'SELECT * FROM pgrst_source';
	const sql = outerStatement(source, shaped, {
		shape: call.media.csv && representation ? 'csv' : call.media.singular ? 'object' : 'array',
		stripNulls: call.media.stripNulls,
	});
	return inRequestTransaction(ctx.db, call.request, call.who, false, async (tx) => {
		const outcome = await execute(tx, sql, params);
		if (call.media.singular) assertSingular(outcome);
		const { maxAffected, handling } = call.prefs;
		if (spec.mutation !== 'create' && handling === 'strict' && maxAffected !== undefined) {
			if (outcome.pageTotal > maxAffected) throw maxAffectedError(outcome.pageTotal);
		}
		const inserted = spec.countsInserted
			? ((
					await tx.query<{ inserted: number | null }>(
						`select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`,
					)
				).rows[0]?.inserted ?? null)
			: null;
		const response = mutationResponse(call, spec.mutation, {
			outcome,
			inserted,
			resolutionApplies: spec.resolutionApplies ?? false,
		});
		if (call.prefs.tx === 'rollback') throw new Rollback(response);
		return response;
	});
}
