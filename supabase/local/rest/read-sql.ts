import { filterSql, logicSql } from './filter-sql.ts';
import type { FilterContext } from './filter-sql.ts';
import { findByPath } from './plan-checks.ts';
import { embedJoin, embedSource, orderSuffix } from './read-join.ts';
import { fieldOf, isToManySpread } from './read-node.ts';
import type { ReadNode } from './read-node.ts';
import { isToOne } from './relationship-types.ts';
import { fieldSql, quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';
import type { OrderTerm } from './types.ts';

// A read plan to SQL, shaped like PostgREST's readPlanToQuery: one SELECT per node, its embeds joined
// LATERAL (read-join.ts). Row-level security applies inside every subquery because they all run as
// the request's role.

export interface ReadOptions {
	/** Drop ORDER BY and LIMIT/OFFSET of the root (for counting). */
	unbounded?: boolean;
}

function filterContext(node: ReadNode, params: SqlParams): FilterContext {
	return {
		params,
		alias: node.alias,
		isTsvector: (column) => fieldOf(node, column)?.isTsvector === true,
		embedNullCheck: (name, isNull) => {
			const child = node.children.find((c) => c.outputName === name || c.requestedName === name);
			if (!child?.rel) return undefined;
			const value = isToOne(child.rel)
				? `row_to_json(${child.lateral}.*)`
				: `${child.lateral}.${child.lateral}`;
			return `${value} IS ${isNull ? '' : 'NOT '}NULL`;
		},
	};
}

function orderExpr(node: ReadNode, params: SqlParams, term: OrderTerm): string {
	if (term.relation === undefined) return fieldSql(params, node.alias, term.field);
	return `${findByPath(node, [term.relation]).lateral}.${quoteIdent(term.field.name)}`;
}

/** SELECT for one node. `from` is its FROM target; `parentAlias` and `joinWhere` are set for embeds. */
export function readSql(
	node: ReadNode,
	params: SqlParams,
	from: string,
	parentAlias?: string,
	options: ReadOptions = {},
	joinWhere: string[] = [],
): string {
	const items: string[] = [];
	const joins: string[] = [];
	if (node.star) items.push(`${node.alias}.*`);
	for (const column of node.selected) {
		const expr = fieldSql(params, node.alias, column.field);
		items.push(
			`${column.cast ? `CAST(${expr} AS ${column.cast})` : expr} AS ${quoteIdent(column.outputName)}`,
		);
	}
	for (const child of node.children) {
		const source = embedSource(child, node.alias);
		const sub = readSql(child, params, source.from, node.alias, {}, source.joinWhere);
		const joined = embedJoin(child, sub);
		joins.push(joined.join);
		items.push(...joined.items);
	}
	if (isToManySpread(node))
		node.order.forEach((term, i) =>
			items.push(`${orderExpr(node, params, term)} AS ${quoteIdent(`pgrst_order_${i + 1}`)}`),
		);
	if (items.length === 0) items.push('NULL');
	const ctx = filterContext(node, params);
	const conditions = [
		...joinWhere,
		...node.filters.map((f) => filterSql(ctx, f)),
		...node.logic.map((tree) => logicSql(ctx, tree)),
	];
	let sql = `SELECT ${items.join(', ')} FROM ${from}${joins.length > 0 ? ` ${joins.join(' ')}` : ''}`;
	sql += ` WHERE ${conditions.length > 0 ? conditions.join(' AND ') : 'TRUE'}`;
	if (parentAlias === undefined && options.unbounded) return sql;
	if (node.order.length > 0)
		sql += ` ORDER BY ${node.order.map((term) => `${orderExpr(node, params, term)}${orderSuffix(term)}`).join(', ')}`;
	if (node.range.limit !== undefined) sql += ` LIMIT ${params.add(node.range.limit)}`;
	if (node.range.offset > 0) sql += ` OFFSET ${params.add(node.range.offset)}`;
	return sql;
}
