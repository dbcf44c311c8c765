import { arrayLiteral, fieldSql } from './sql.ts';
import type { SqlParams } from './sql.ts';
import { FTS_OPERATORS, SIMPLE_OPERATORS } from './types.ts';
import type { Filter, LogicTree } from './types.ts';

// Filters to SQL, following PostgREST's pgFmtFilter: values are untyped parameters so Postgres
// coerces them to the column's type, `in` becomes `= ANY('{…}')`, `is` takes only its keywords.

const IS_SQL = {
	null: 'NULL',
	not_null: 'NOT NULL',
	true: 'TRUE',
	false: 'FALSE',
	unknown: 'UNKNOWN',
} as const;

export interface FilterContext {
	params: SqlParams;
	alias: string;
	/** Whether a column holds a tsvector (full-text filters wrap other columns in to_tsvector). */
	isTsvector: (column: string) => boolean;
	/** SQL for `embed=is.null` style filters on an embedded resource, if `name` is one. */
	embedNullCheck?: (name: string, isNull: boolean) => string | undefined;
}

function starToPercent(value: string): string {
	return value.replaceAll('*', '%');
}

export function filterSql(ctx: FilterContext, filter: Filter): string {
	const { operation, negated } = filter.expr;
	if (operation.kind === 'is' && filter.field.jsonPath.length === 0 && ctx.embedNullCheck) {
		const embedded = ctx.embedNullCheck(
			filter.field.name,
			(operation.value === 'null') !== negated,
		);
		if (embedded !== undefined) return embedded;
	}
	const left = fieldSql(ctx.params, ctx.alias, filter.field);
	let expr: string;
	switch (operation.kind) {
		case 'simple': {
			const isPattern = operation.op === 'like' || operation.op === 'ilike';
			const value = isPattern ? starToPercent(operation.value) : operation.value;
			const placeholder = ctx.params.add(value);
			const right = operation.quantifier
				? `${operation.quantifier.toUpperCase()}(${placeholder})`
				: placeholder;
			expr = `${left} ${SIMPLE_OPERATORS[operation.op]} ${right}`;
			break;
		}
		case 'in':
			expr =
				operation.values.length === 1 && operation.values[0] === ''
					? `${left} = ANY('{}')`
					: `${left} = ANY(${ctx.params.add(arrayLiteral(operation.values))})`;
			break;
		case 'is':
			expr = `${left} IS ${IS_SQL[operation.value]}`;
			break;
		case 'isdistinct':
			expr = `${left} IS DISTINCT FROM ${ctx.params.add(operation.value)}`;
			break;
		case 'fts': {
			const config = operation.config ? `${ctx.params.add(operation.config)}::regconfig, ` : '';
			const isVector = filter.field.jsonPath.length === 0 && ctx.isTsvector(filter.field.name);
			const vector = isVector ? left : `to_tsvector(${config}${left})`;
			expr = `${vector} @@ ${FTS_OPERATORS[operation.op]}(${config}${ctx.params.add(operation.value)})`;
			break;
		}
	}
	return negated ? `NOT (${expr})` : expr;
}

export function logicSql(ctx: FilterContext, tree: LogicTree): string {
	if (tree.kind === 'filter') return filterSql(ctx, tree.filter);
	const inner = tree.children
		.map((child) => logicSql(ctx, child))
		.join(tree.op === 'and' ? ' AND ' : ' OR ');
	return `${tree.negated ? 'NOT ' : ''}(${inner})`;
}
