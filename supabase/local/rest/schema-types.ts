import type { Relationship } from './relationship-types.ts';

// The shape of the schema cache: what PostgREST knows about the exposed schema's relations, their
// relationships and functions.

export interface Column {
	name: string;
	type: string;
	nullable: boolean;
	defaultExpr: string | null;
	generated: boolean;
	isArray: boolean;
	isTsvector: boolean;
}

export interface Relation {
	name: string;
	kind: 'table' | 'view';
	columns: Map<string, Column>;
	/** Sorted by name, as PostgREST keeps it; a view's comes from the columns exposing a table's. */
	primaryKey: string[];
	/** Functions taking a row of this relation (`full_name(people)`), usable as columns by name. */
	computedFields: Map<string, Column>;
}

export interface RoutineParam {
	name: string;
	type: string;
	hasDefault: boolean;
	variadic: boolean;
}

export interface Routine {
	name: string;
	params: RoutineParam[];
	/** Output columns for functions returning rows; empty for scalars. */
	resultColumns: Column[];
	returns: 'void' | 'scalar' | 'composite';
	returnType: string;
	returnsSet: boolean;
	volatile: boolean;
}

export interface SchemaCache {
	relations: Map<string, Relation>;
	/** By origin relation, in PostgREST's order. */
	relationships: Map<string, Relationship[]>;
	routines: Map<string, Routine[]>;
	roles: Set<string>;
}
