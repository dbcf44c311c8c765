import type { ReadNode } from './read-node.ts';
import { isToManySpread } from './read-node.ts';
import { isToOne } from './relationship-types.ts';
import { qualified, quoteIdent } from './sql.ts';
import type { OrderTerm } from './types.ts';

// How an embed joins its parent, as PostgREST's getJoin/fromF write it: the target relation (a
// junction table beside it for many-to-many, or the function call for a computed relationship) in a
// LATERAL subquery; to-one embeds become a jsonb object, to-many ones a jsonb array, and a to-many
// spread one jsonb array per column.

export interface EmbedSource {
	from: string;
	joinWhere: string[];
}

/** FROM target and join conditions of an embedded node, given its parent's alias. */
export function embedSource(child: ReadNode, parentAlias: string): EmbedSource {
	const rel = child.rel;
	const target = `${qualified(child.table)} AS ${child.alias}`;
	if (!rel) return { from: target, joinWhere: [] };
	if (rel.kind === 'computed') {
		const fn = `${quoteIdent(rel.function.schema)}.${quoteIdent(rel.function.name)}`;
		// The parent row, cast to the argument's type so overloads for other relations are not chosen.
		const row = `${parentAlias}::${quoteIdent(rel.table.schema)}.${quoteIdent(rel.table.name)}`;
		return { from: `${fn}(${row}) AS ${child.alias}`, joinWhere: [] };
	}
	const card = rel.cardinality;
	const col = (alias: string, name: string) => `${alias}.${quoteIdent(name)}`;
	if (card.type === 'M2M') {
		const junction = quoteIdent(`${card.junction.table.name}_${child.lateral.replaceAll('"', '')}`);
		return {
			from: `${target}, ${qualified(card.junction.table.name)} AS ${junction}`,
			joinWhere: [
				...card.junction.colsSource.map(([t, j]) => `${col(junction, j)} = ${col(parentAlias, t)}`),
				...card.junction.colsTarget.map(([t, j]) => `${col(junction, j)} = ${col(child.alias, t)}`),
			],
		};
	}
	return {
		from: target,
		joinWhere: card.columns.map(([c, fc]) => `${col(child.alias, fc)} = ${col(parentAlias, c)}`),
	};
}

/** Output names of a node's own row: what a to-many spread turns into arrays. */
export function outputNames(node: ReadNode): string[] {
	const names = node.star ? [...node.columns.keys()] : [];
	names.push(...node.selected.map((column) => column.outputName));
	for (const child of node.children) {
		if (child.hidden) continue;
		names.push(...(child.spread ? outputNames(child) : [child.outputName]));
	}
	return names;
}

export function orderSuffix(term: OrderTerm): string {
	const direction = term.direction ? ` ${term.direction.toUpperCase()}` : '';
	const nulls = term.nulls ? (term.nulls === 'nullsfirst' ? ' NULLS FIRST' : ' NULLS LAST') : '';
	return `${direction}${nulls}`;
}

export interface EmbedJoin {
	join: string;
	items: string[];
}

/** The LATERAL join of an embed and what its parent selects from it. */
export function embedJoin(child: ReadNode, sub: string): EmbedJoin {
	const lat = child.lateral;
	const kind = child.inner ? 'INNER' : 'LEFT';
	const on = child.inner ? `${lat}.${lat} IS NOT NULL` : 'TRUE';
	if (child.rel && isToOne(child.rel)) {
		const item = child.spread
			? `${lat}.*`
			: `row_to_json(${lat}.*)::jsonb AS ${quoteIdent(child.outputName)}`;
		return {
			join: `${kind} JOIN LATERAL (${sub}) AS ${lat} ON TRUE`,
			items: child.hidden ? [] : [item],
		};
	}
	if (isToManySpread(child)) {
		const names = child.hidden ? [] : outputNames(child);
		// Each array keeps the embed's order (PostgREST moves it into the aggregate, over columns the
		// subquery selects as pgrst_order_N).
		const orderBy =
			child.order.length > 0
				? ` ORDER BY ${child.order.map((term, i) => `${lat}.${quoteIdent(`pgrst_order_${i + 1}`)}${orderSuffix(term)}`).join(', ')}`
				: '';
		const arrays = names.map(
			(name) =>
				`COALESCE(json_agg(${lat}.${quoteIdent(name)}${orderBy}), '[]')::jsonb AS ${quoteIdent(name)}`,
		);
		return {
			join: `${kind} JOIN LATERAL (SELECT json_agg(${lat})::jsonb AS ${lat}${arrays.map((a) => `, ${a}`).join('')} FROM (${sub}) AS ${lat}) AS ${lat} ON ${on}`,
			items: names.map((name) => `${lat}.${quoteIdent(name)}`),
		};
	}
	return {
		join: `${kind} JOIN LATERAL (SELECT json_agg(${lat})::jsonb AS ${lat} FROM (${sub}) AS ${lat}) AS ${lat} ON ${on}`,
		items: child.hidden ? [] : [`COALESCE(${lat}.${lat}, '[]') AS ${quoteIdent(child.outputName)}`],
	};
}
