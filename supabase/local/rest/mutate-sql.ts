import { filterSql, logicSql } from './filter-sql.ts';
import type { FilterContext } from './filter-sql.ts';
import type { ReadNode } from './plan.ts';
import { originColumns } from './relationship-types.ts';
import type { Relation } from './schema-cache.ts';
import { fieldSql, qualified, quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';

// INSERT / UPDATE / DELETE as PostgREST writes them (QueryBuilder.hs mutatePlanToQuery): the JSON
// body is one parameter expanded by json_populate_recordset into the table's row type, so Postgres
// does every type conversion; `RETURNING 1` when no representation is wanted, so SELECT policies only
// apply when rows are actually read back.

function columnList(columns: string[]): string {
	return columns.map(quoteIdent).join(', ');
}

export interface InsertSpec {
	relation: Relation;
	rows: Record<string, unknown>[];
	columns: string[];
	/** Prefer: missing=default: absent keys take the column default instead of NULL. */
	missingDefault: boolean;
	onConflict?: { columns: string[]; ignore: boolean };
	/** Count inserted rows in pgrst.inserted, less those the conflict turned into updates. */
	countInserted: boolean;
	returning: string;
}

// SqlFragment.hs addConfigPgrstInserted: +1 for every row offered, -1 for every row updated instead.
function countInsertedSql(add: boolean): string {
	const [sign, never] = add ? ['+', '0'] : ['-', '-1'];
	return `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${sign} 1)::text, true) <> '${never}'`;
}

export function insertSql(params: SqlParams, spec: InsertSpec): string {
	const table = qualified(spec.relation.name);
	const payload = params.add(JSON.stringify(spec.rows));
	const conflictTarget = spec.onConflict?.columns.length
		? ` ON CONFLICT (${columnList(spec.onConflict.columns)}) `
		: '';
	if (spec.columns.length === 0) {
		// Rows of empty objects: one row of defaults each; an upsert has nothing to update them with.
		const where = spec.countInserted ? ` WHERE ${countInsertedSql(true)}` : '';
		const conflict = conflictTarget ? `${conflictTarget}DO NOTHING` : '';
		return `INSERT INTO ${table} SELECT FROM json_array_elements(${payload}::json)${where}${conflict} RETURNING ${spec.returning}`;
	}
	let source = `${payload}::json`;
	const withDefaults = spec.columns.filter(
		(column) => spec.relation.columns.get(column)?.defaultExpr,
	);
	if (spec.missingDefault && withDefaults.length > 0) {
		// PostgREST's approach: merge each row over an object of the column defaults (catalog expressions).
		const defaults = withDefaults
			.map(
				(column) =>
					`${params.add(column)}::text, ${spec.relation.columns.get(column)?.defaultExpr as string}`,
			)
			.join(', ');
		source = `(SELECT json_agg(jsonb_build_object(${defaults}) || elem) FROM jsonb_array_elements(${payload}::jsonb) AS elem)`;
	}
	let sql = `INSERT INTO ${table} (${columnList(spec.columns)}) SELECT ${columnList(spec.columns)} FROM json_populate_recordset(NULL::${table}, ${source})`;
	if (spec.countInserted) sql += ` WHERE ${countInsertedSql(true)}`;
	if (spec.onConflict && conflictTarget) {
		sql += conflictTarget;
		sql += spec.onConflict.ignore
			? 'DO NOTHING'
			: `DO UPDATE SET ${spec.columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')}`;
		if (!spec.onConflict.ignore && spec.countInserted) sql += ` WHERE ${countInsertedSql(false)}`;
	}
	return `${sql} RETURNING ${spec.returning}`;
}

/** WHERE for a mutation's root filters, plus a ctid subquery when limit/order narrow it. */
function mutationWhere(params: SqlParams, root: ReadNode, ctx: FilterContext): string {
	const conditions = [
		...root.filters.map((f) => filterSql(ctx, f)),
		...root.logic.map((tree) => logicSql(ctx, tree)),
	];
	const where = conditions.length > 0 ? conditions.join(' AND ') : 'TRUE';
	if (root.range.limit === undefined && root.range.offset === 0)
		return conditions.length > 0 ? ` WHERE ${where}` : '';
	const order =
		root.order.length > 0
			? ` ORDER BY ${root.order.map((t) => `${fieldSql(params, root.alias, t.field)}${t.direction ? ` ${t.direction.toUpperCase()}` : ''}`).join(', ')}`
			: '';
	const limit = root.range.limit === undefined ? '' : ` LIMIT ${params.add(root.range.limit)}`;
	const offset = root.range.offset > 0 ? ` OFFSET ${params.add(root.range.offset)}` : '';
	return ` WHERE ${root.alias}.ctid = ANY(ARRAY(SELECT ${root.alias}.ctid FROM ${qualified(root.table)} WHERE ${where}${order}${limit}${offset}))`;
}

export function updateSql(
	params: SqlParams,
	root: ReadNode,
	ctx: FilterContext,
	body: Record<string, unknown>,
	returning: string,
): string {
	const table = qualified(root.table);
	const columns = Object.keys(body);
	if (columns.length === 0) return `SELECT ${returning} FROM ${table} WHERE FALSE`;
	const payload = params.add(JSON.stringify(body));
	const set = columns.map((c) => `${quoteIdent(c)} = pgrst_body.${quoteIdent(c)}`).join(', ');
	return `UPDATE ${table} SET ${set} FROM (SELECT * FROM json_populate_record(NULL::${table}, ${payload}::json)) AS pgrst_body${mutationWhere(params, root, ctx)} RETURNING ${returning}`;
}

export function deleteSql(
	params: SqlParams,
	root: ReadNode,
	ctx: FilterContext,
	returning: string,
): string {
	return `DELETE FROM ${qualified(root.table)}${mutationWhere(params, root, ctx)} RETURNING ${returning}`;
}

/**
 * RETURNING for the representation, as inferColsEmbedNeeds lists it: the selected columns, those the
 * embeds join on and the primary key, sorted as a set; the whole row for `*` or when a computed
 * relationship needs it. (CSV takes its header line from these columns.)
 */
export function returningList(root: ReadNode, primaryKey: string[]): string {
	if (root.star || root.children.some((child) => child.rel?.kind === 'computed'))
		return `${root.alias}.*`;
	const needed = new Set<string>(primaryKey);
	for (const column of root.selected) needed.add(column.field.name);
	for (const child of root.children)
		for (const column of child.rel ? originColumns(child.rel) : []) needed.add(column);
	if (needed.size === 0) return '1';
	return [...needed]
		.sort()
		.map((column) => `${root.alias}.${quoteIdent(column)}`)
		.join(', ');
}
