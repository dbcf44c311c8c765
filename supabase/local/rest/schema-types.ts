// The shape of the schema cache: what PostgREST knows about the exposed schema's relations, foreign
// keys and functions.

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
	primaryKey: string[];
	/** Column sets with a unique index, primary key included (one-to-one detection). */
	uniqueKeys: string[][];
}

export interface ForeignKey {
	name: string;
	table: string;
	columns: string[];
	refTable: string;
	refColumns: string[];
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
	foreignKeys: ForeignKey[];
	routines: Map<string, Routine[]>;
	roles: Set<string>;
}
