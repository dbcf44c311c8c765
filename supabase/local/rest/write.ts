import type { ApiResponse } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError } from './errors.ts';
import { deleteSql, insertSql, updateSql } from './mutate-sql.ts';
import { mutate } from './mutate.ts';
import { invalidJson, isRecord, parseJsonBody, payloadColumns, unknownColumn } from './payload.ts';
import { missingColumn, planRead } from './plan.ts';
import type { ReadNode } from './plan.ts';
import { fieldOf } from './read-node.ts';
import type { Relation } from './schema-cache.ts';
import { quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';

// POST (insert and upsert), PATCH and DELETE on a table. Root filters narrow the mutation; the
// select, embeds and embedded filters shape the representation read back from RETURNING.

function plan(ctx: RestContext, call: RestCall, relation: Relation): ReadNode {
	return planRead(
		ctx.schema,
		{
			table: relation.name,
			columns: relation.columns,
			computedFields: relation.computedFields,
			alias: quoteIdent(relation.name),
		},
		call.params,
	);
}

export async function insertRows(
	ctx: RestContext,
	call: RestCall,
	relation: Relation,
): Promise<ApiResponse> {
	const body = parseJsonBody(call.request.body);
	const candidates: unknown[] = Array.isArray(body) ? body : [body];
	if (!candidates.every(isRecord)) throw invalidJson();
	const rows = candidates;
	const columns = payloadColumns(relation, rows, call.params.columns);
	let onConflict: { columns: string[]; ignore: boolean } | undefined;
	if (call.prefs.resolution) {
		const target = call.params.onConflict ?? relation.primaryKey;
		for (const column of target)
			if (!relation.columns.has(column)) throw missingColumn(relation.name, column);
		onConflict = { columns: target, ignore: call.prefs.resolution === 'ignore-duplicates' };
	}
	const root = plan(ctx, call, relation);
	const merge = call.prefs.resolution === 'merge-duplicates';
	return mutate(ctx, call, root, {
		mutation: 'create',
		primaryKey: relation.primaryKey,
		build: (params, returning) =>
			insertSql(params, {
				relation,
				rows,
				columns,
				missingDefault: call.prefs.missing === 'default',
				onConflict,
				countInserted: merge,
				returning,
			}),
		countsInserted: merge,
		resolutionApplies: relation.primaryKey.length > 0 || call.params.onConflict !== undefined,
	});
}

function filterContext(root: ReadNode, params: SqlParams) {
	return {
		params,
		alias: root.alias,
		isTsvector: (column: string) => fieldOf(root, column)?.isTsvector === true,
	};
}

/** pg-safeupdate, which the hosted API role loads: no WHERE clause, no UPDATE or DELETE. */
function assertFiltered(root: ReadNode, verb: 'UPDATE' | 'DELETE'): void {
	if (root.filters.length === 0 && root.logic.length === 0 && root.range.limit === undefined) {
		throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
	}
}

export async function updateRows(
	ctx: RestContext,
	call: RestCall,
	relation: Relation,
): Promise<ApiResponse> {
	const body = parseJsonBody(call.request.body);
	if (!isRecord(body)) throw invalidJson();
	for (const key of Object.keys(body))
		if (!relation.columns.has(key)) throw unknownColumn(relation, key);
	const root = plan(ctx, call, relation);
	assertFiltered(root, 'UPDATE');
	return mutate(ctx, call, root, {
		mutation: 'update',
		primaryKey: relation.primaryKey,
		build: (params, returning) =>
			updateSql(params, root, filterContext(root, params), body, returning),
	});
}

export async function deleteRows(
	ctx: RestContext,
	call: RestCall,
	relation: Relation,
): Promise<ApiResponse> {
	const root = plan(ctx, call, relation);
	assertFiltered(root, 'DELETE');
	return mutate(ctx, call, root, {
		mutation: 'delete',
		primaryKey: relation.primaryKey,
		build: (params, returning) => deleteSql(params, root, filterContext(root, params), returning),
	});
}
