import { filterSql, logicSql } from './filter-sql.ts';
import type { FilterContext } from './filter-sql.ts';
import type { ReadNode } from './plan.ts';
import { findByPath } from './plan.ts';
import { isToOne } from './relationships.ts';
import { fieldSql, qualified, quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';
import type { OrderTerm } from './types.ts';

// A read plan to SQL, shaped like PostgREST's readPlanToQuery: embeds are LEFT (or INNER for !inner)
// JOIN LATERAL subqueries; to-one embeds become row_to_json objects, to-many ones json_agg arrays.
// Row-level security applies inside every subquery because they all run as the request's role.

export interface ReadOptions {
	/** Drop ORDER BY and LIMIT/OFFSET of the root (for counting). */
	unbounded?: boolean;
}

function filterContext(node: ReadNode, params: SqlParams): FilterContext {
	return {
		params,
		alias: node.alias,
		isTsvector: (column) => node.columns.get(column)?.isTsvector === true,
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

function orderSql(node: ReadNode, params: SqlParams, term: OrderTerm): string {
	const target = term.relation === undefined ? undefined : findByPath(node, [term.relation]);
	const column = target
		? `${target.lateral}.${quoteIdent(term.field.name)}`
		: fieldSql(params, node.alias, term.field);
	const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
	const nulls = term.nulls ? (term.nulls === 'nullsfirst' ? ' NULLS FIRST' : ' NULLS LAST') : '';
	return `${column}${direction}${nulls}`;
}

function joinConditions(child: ReadNode, parentAlias: string, junctionAlias: string): string[] {
	const rel = child.rel;
	if (!rel) return [];
	if (rel.junction) {
		return [
			...rel.junction.toParent.map(
				([parentCol, junctionCol]) =>
					`${junctionAlias}.${quoteIdent(junctionCol)} = ${parentAlias}.${quoteIdent(parentCol)}`,
			),
			...rel.junction.toChild.map(
				([junctionCol, childCol]) =>
					`${junctionAlias}.${quoteIdent(junctionCol)} = ${child.alias}.${quoteIdent(childCol)}`,
			),
		];
	}
	return rel.pairs.map(
		([parentCol, childCol]) =>
			`${child.alias}.${quoteIdent(childCol)} = ${parentAlias}.${quoteIdent(parentCol)}`,
	);
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
		const lat = child.lateral;
		const junctionAlias = quoteIdent(
			`${child.rel?.junction?.table ?? ''}_junction_${lat.replaceAll('"', '')}`,
		);
		const childFrom = `${qualified(child.table)} AS ${child.alias}${child.rel?.junction ? `, ${qualified(child.rel.junction.table)} AS ${junctionAlias}` : ''}`;
		const subWithJoin = readSql(
			child,
			params,
			childFrom,
			node.alias,
			{},
			joinConditions(child, node.alias, junctionAlias),
		);
		const kind = child.inner ? 'INNER' : 'LEFT';
		if (child.rel && isToOne(child.rel)) {
			joins.push(`${kind} JOIN LATERAL (${subWithJoin}) AS ${lat} ON TRUE`);
			if (!child.hidden)
				items.push(
					child.spread ? `${lat}.*` : `row_to_json(${lat}.*) AS ${quoteIdent(child.outputName)}`,
				);
		} else {
			joins.push(
				`${kind} JOIN LATERAL (SELECT json_agg(${lat}) AS ${lat} FROM (${subWithJoin}) AS ${lat}) AS ${lat} ON ${child.inner ? `${lat}.${lat} IS NOT NULL` : 'TRUE'}`,
			);
			if (!child.hidden)
				items.push(`COALESCE(${lat}.${lat}, '[]') AS ${quoteIdent(child.outputName)}`);
		}
	}
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
		sql += ` ORDER BY ${node.order.map((term) => orderSql(node, params, term)).join(', ')}`;
	if (node.range.limit !== undefined) sql += ` LIMIT ${params.add(node.range.limit)}`;
	if (node.range.offset > 0) sql += ` OFFSET ${params.add(node.range.offset)}`;
	return sql;
}
