import { RestError } from './errors.ts';
import { checkColumn, checkFilter, checkTree, findByPath } from './plan-checks.ts';
import type { QueryParams } from './query-params.ts';
import { findRelationship, isToOne, noRelationship } from './relationships.ts';
import type { Relationship } from './relationships.ts';
import type { PlanSource, ReadNode } from './read-node.ts';
import type { Column, SchemaCache } from './schema-cache.ts';
import { quoteIdent } from './sql.ts';
import type { Field, SelectItem } from './types.ts';

export { findByPath, missingColumn } from './plan-checks.ts';
export type { PlanSource, ReadNode, SelectedColumn } from './read-node.ts';

// The read plan: one node per resource (the root and each embed), each knowing its columns, its
// filters, order and range, and how it joins to its parent. Every column name the request mentions
// is checked here against the schema cache, so the SQL builders only ever quote known identifiers.

function outputNameOf(field: Field, alias: string | undefined): string {
	if (alias !== undefined) return alias;
	const last = field.jsonPath[field.jsonPath.length - 1];
	return last && !last.index ? last.key : field.name;
}

class Planner {
	#counter = 0;
	readonly #cache: SchemaCache;

	constructor(cache: SchemaCache) {
		this.#cache = cache;
	}

	node(
		source: PlanSource,
		items: SelectItem[],
		embed?: { name: string; rel: Relationship; item: Extract<SelectItem, { kind: 'embed' }> },
	): ReadNode {
		this.#counter += 1;
		const node: ReadNode = {
			table: source.table,
			relation: source.relation ?? source.table,
			columns: source.columns,
			computedFields: source.computedFields ?? new Map<string, Column>(),
			alias: source.alias,
			lateral: quoteIdent(`pgrst_${this.#counter}`),
			outputName: embed ? (embed.item.alias ?? embed.name) : source.table,
			requestedName: embed ? embed.name : source.table,
			star: false,
			selected: [],
			children: [],
			rel: embed?.rel,
			inner: embed?.item.joinType === 'inner',
			spread: embed?.item.spread ?? false,
			hidden: embed !== undefined && items.length === 0,
			filters: [],
			logic: [],
			order: [],
			range: { offset: 0 },
		};
		if (node.hidden) node.star = true;
		for (const item of items) {
			if (item.kind === 'star') node.star = true;
			else if (item.kind === 'column') {
				checkColumn(node, item.field);
				node.selected.push({
					field: item.field,
					cast: item.cast,
					outputName: outputNameOf(item.field, item.alias),
				});
			} else node.children.push(this.embed(node, item));
		}
		return node;
	}

	embed(parent: ReadNode, item: Extract<SelectItem, { kind: 'embed' }>): ReadNode {
		const rel = findRelationship(this.#cache, parent.relation, item.relation, item.hint);
		const target = this.#cache.relations.get(rel.foreignTable.name);
		// Only a partition referenced on its own is left out of the relations.
		if (!target) throw noRelationship(parent.relation, item.relation, item.hint);
		const alias = quoteIdent(`${target.name}_${this.#counter + 1}`);
		const source = {
			table: target.name,
			columns: target.columns,
			computedFields: target.computedFields,
			alias,
		};
		return this.node(source, item.children, { name: item.relation, rel, item });
	}
}

export function planRead(
	cache: SchemaCache,
	source: PlanSource,
	params: QueryParams,
	maxRows?: number,
): ReadNode {
	const root = new Planner(cache).node(source, params.select);
	for (const { path, filter } of params.filters) {
		const node = findByPath(root, path);
		checkFilter(node, filter);
		node.filters.push(filter);
	}
	for (const { path, tree } of params.logic) {
		const node = findByPath(root, path);
		checkTree(node, tree);
		node.logic.push(tree);
	}
	for (const { path, terms } of params.order) {
		const node = findByPath(root, path);
		for (const term of terms) {
			if (term.relation === undefined) checkColumn(node, term.field);
			else {
				const target = findByPath(node, [term.relation]);
				if (!target.rel || !isToOne(target.rel)) {
					throw new RestError(
						400,
						'PGRST118',
						`A related order on '${term.relation}' is not possible`,
						`'${node.table}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
					);
				}
			}
		}
		node.order.push(...terms);
	}
	for (const [pathKey, range] of params.ranges)
		findByPath(root, pathKey === '' ? [] : pathKey.split('.')).range = range;
	if (maxRows !== undefined)
		root.range = { ...root.range, limit: Math.min(root.range.limit ?? maxRows, maxRows) };
	return root;
}
