import type { Relationship } from './relationships.ts';
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
	columns: Map<string, Column>;
	/** SQL alias its columns are referenced by. */
	alias: string;
	/** Alias of the lateral join that carries this embed's JSON in its parent. */
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
}
