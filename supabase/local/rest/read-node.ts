import { isToOne } from './relationship-types.ts';
import type { Relationship } from './relationship-types.ts';
import type { Column } from './schema-cache.ts';
import type { Field, Filter, LogicTree, OrderTerm, Range } from './types.ts';

// A node of the read plan: the root resource or one embed, with everything needed to write its SQL.

export interface SelectedColumn {
	field: Field;
	cast?: string;
	outputName: string;
}

export interface ReadNode {
	/** Name used in messages, e.g. `notes`. */
	table: string;
	/** The relation whose relationships its embeds follow (an RPC's result table, say). */
	relation: string;
	/** What Postgres calls it in errors: the alias PostgREST's SQL gives it (`teams_1` for an embed). */
	scope: string;
	columns: Map<string, Column>;
	/** Functions of the row usable as columns (`full_name(people)` as `full_name`). */
	computedFields: Map<string, Column>;
	/** SQL alias its columns are referenced by. */
	alias: string;
	/** Alias of the lateral join that carries this embed's JSON in its parent (empty for the root). */
	lateral: string;
	outputName: string;
	/** The relation as the select named it (filters may use it or the alias). */
	requestedName: string;
	star: boolean;
	selected: SelectedColumn[];
	children: ReadNode[];
	rel?: Relationship;
	inner: boolean;
	spread: boolean;
	/** Embedded with `relation()`: joins and filters, but adds no key to the output. */
	hidden: boolean;
	filters: Filter[];
	logic: LogicTree[];
	order: OrderTerm[];
	range: Range;
}

export interface PlanSource {
	table: string;
	columns: Map<string, Column>;
	alias: string;
	/** Defaults to `table`. */
	relation?: string;
	/** The name unknown columns are reported with; defaults to `table`. */
	scope?: string;
	computedFields?: Map<string, Column>;
}

/** A spread of a to-many embed: each of its columns becomes an array (PostgREST 13+). */
export function isToManySpread(node: ReadNode): boolean {
	return node.spread && node.rel !== undefined && !isToOne(node.rel);
}

/** Column or computed field of the node, by name. */
export function fieldOf(node: Pick<ReadNode, 'columns' | 'computedFields'>, name: string) {
	return node.columns.get(name) ?? node.computedFields.get(name);
}
