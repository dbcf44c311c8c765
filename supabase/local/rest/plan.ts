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
	readonly #cache: SchemaCache;
	/** The first unknown column: Postgres' error, so PostgREST's own checks come first. */
	deferred: RestError | undefined;
	aggregates = false;

	constructor(cache: SchemaCache) {
		this.#cache = cache;
	}

	/** Runs a column check, keeping its 42703 for after the plan-level errors. */
	defer(check: () => void): void {
		try {
			check();
		} catch (error) {
			if (!(error instanceof RestError) || error.code !== '42703') throw error;
			this.deferred ??= error;
		}
	}

	node(
		source: PlanSource,
		items: SelectItem[],
		depth: number,
		embed?: { name: string; rel: Relationship; item: Extract<SelectItem, { kind: 'embed' }> },
	): ReadNode {
		const name = embed ? (embed.item.alias ?? embed.name) : source.table;
		const node: ReadNode = {
			table: source.table,
			relation: source.relation ?? source.table,
			scope: source.scope ?? source.table,
			columns: source.columns,
			computedFields: source.computedFields ?? new Map<string, Column>(),
			alias: source.alias,
			// Plan.hs addRels: relAggAlias, <table>_<alias or relation>_<depth>. Two embeds of one name
			// under one parent collide in the SQL, and Postgres refuses it (42712), as for PostgREST.
			lateral: embed ? quoteIdent(`${embed.rel.table.name}_${name}_${depth}`) : '',
			outputName: name,
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
				if (item.aggregate) this.aggregates = true;
				else this.defer(() => checkColumn(node, item.field));
				node.selected.push({
					field: item.field,
					cast: item.cast,
					outputName: outputNameOf(item.field, item.alias),
				});
			} else node.children.push(this.embed(node, item, depth + 1));
		}
		return node;
	}

	embed(parent: ReadNode, item: Extract<SelectItem, { kind: 'embed' }>, depth: number): ReadNode {
		const rel = findRelationship(this.#cache, parent.relation, item.relation, item.hint);
		const target = this.#cache.relations.get(rel.foreignTable.name);
		// Only a partition referenced on its own is left out of the relations.
		if (!target) throw noRelationship(parent.relation, item.relation, item.hint);
		// Plan.hs addRels: the target is aliased <table>_<depth>, and Postgres names that alias in its
		// errors; a many-to-many target keeps its name there (it is joined unaliased beside the junction).
		const alias = `${target.name}_${depth}`;
		const m2m = rel.kind !== 'computed' && rel.cardinality.type === 'M2M';
		const source = {
			table: target.name,
			scope: m2m ? target.name : alias,
			columns: target.columns,
			computedFields: target.computedFields,
			alias: quoteIdent(alias),
		};
		return this.node(source, item.children, depth, { name: item.relation, rel, item });
	}
}

/** PostgREST's aggregates are off unless db-aggregates-enabled, and hosted projects leave them off. */
const aggregatesNotAllowed = () =>
	new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export function planRead(
	cache: SchemaCache,
	source: PlanSource,
	params: QueryParams,
	maxRows?: number,
): ReadNode {
	const planner = new Planner(cache);
	const root = planner.node(source, params.select, 0);
	for (const { path, filter } of params.filters) {
		const node = findByPath(root, path);
		planner.defer(() => checkFilter(node, filter));
		node.filters.push(filter);
	}
	for (const { path, tree } of params.logic) {
		const node = findByPath(root, path);
		planner.defer(() => checkTree(node, tree));
		node.logic.push(tree);
	}
	for (const { path, terms } of params.order) {
		const node = findByPath(root, path);
		for (const term of terms) {
			if (term.relation === undefined) planner.defer(() => checkColumn(node, term.field));
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
	// Plan.hs readPlan: validateAggFunctions after the relationships and related orders; unknown
	// columns are Postgres' to find, when the SQL runs.
	if (planner.aggregates) throw aggregatesNotAllowed();
	if (planner.deferred) throw planner.deferred;
	if (maxRows !== undefined)
		root.range = { ...root.range, limit: Math.min(root.range.limit ?? maxRows, maxRows) };
	return root;
}
