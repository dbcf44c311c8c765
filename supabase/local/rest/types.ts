// The parsed form of a PostgREST request: what the query-string parsers produce and the planner and
// SQL builders consume. Names follow PostgREST's own (QueryParams.hs, Types.hs).

export interface JsonStep {
	arrow: '->' | '->>';
	key: string;
	/** An array index (`->0`), sent as an int instead of a text key. */
	index: boolean;
}

export interface Field {
	name: string;
	jsonPath: JsonStep[];
}

/** PostgREST's aggregate functions (QueryParams.hs pAggregation). */
export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min';

export type SelectItem =
	| { kind: 'star' }
	| {
			kind: 'column';
			field: Field;
			alias?: string;
			cast?: string;
			/** `col.sum()`, `count()`: parsed as PostgREST parses them, then refused (PGRST123). */
			aggregate?: AggregateFunction;
	  }
	| {
			kind: 'embed';
			relation: string;
			alias?: string;
			hint?: string;
			joinType?: 'inner' | 'left';
			spread: boolean;
			children: SelectItem[];
	  };

export const SIMPLE_OPERATORS = {
	eq: '=',
	neq: '<>',
	gt: '>',
	gte: '>=',
	lt: '<',
	lte: '<=',
	like: 'like',
	ilike: 'ilike',
	match: '~',
	imatch: '~*',
	cs: '@>',
	cd: '<@',
	ov: '&&',
	sl: '<<',
	sr: '>>',
	nxr: '&<',
	nxl: '&>',
	adj: '-|-',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;

/** Operators that accept the (any)/(all) quantifiers. */
export const QUANTIFIABLE = new Set<SimpleOperator>([
	'eq',
	'gt',
	'gte',
	'lt',
	'lte',
	'like',
	'ilike',
	'match',
	'imatch',
]);

export const FTS_OPERATORS = {
	fts: 'to_tsquery',
	plfts: 'plainto_tsquery',
	phfts: 'phraseto_tsquery',
	wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
	| { kind: 'simple'; op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
	| { kind: 'in'; values: string[] }
	| { kind: 'is'; value: IsValue }
	| { kind: 'isdistinct'; value: string }
	| { kind: 'fts'; op: FtsOperator; config?: string; value: string };

export interface OpExpr {
	negated: boolean;
	operation: Operation;
}

export interface Filter {
	field: Field;
	expr: OpExpr;
}

export type LogicTree =
	| { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] }
	| { kind: 'filter'; filter: Filter };

export interface OrderTerm {
	/** Set for `order=relation(col)`: ordering by a column of an embedded to-one relation. */
	relation?: string;
	field: Field;
	direction?: 'asc' | 'desc';
	nulls?: 'nullsfirst' | 'nullslast';
}

export interface Range {
	offset: number;
	limit?: number;
}

/** A path of embed names (aliases or relation names) from the root; [] is the root itself. */
export type EmbedPath = string[];
