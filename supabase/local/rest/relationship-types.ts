// Relationships as PostgREST's schema cache holds them (SchemaCache/Relationship.hs): detected ones
// between two relations, with a cardinality, and computed ones defined by a function that takes a
// row of one relation and returns rows of another.

export interface QualifiedName {
	schema: string;
	name: string;
}

/** Column pairs are [column of `table`, column of `foreignTable`]. */
export type Cardinality =
	| { type: 'O2M' | 'M2O'; constraint: string; columns: [string, string][] }
	| { type: 'O2O'; constraint: string; columns: [string, string][]; isParent: boolean }
	| { type: 'M2M'; junction: Junction };

export interface Junction {
	table: QualifiedName;
	constraint1: string;
	constraint2: string;
	/** [column of the origin table, column of the junction] */
	colsSource: [string, string][];
	/** [column of the target table, column of the junction] */
	colsTarget: [string, string][];
}

export type Relationship =
	| {
			kind: 'fk';
			table: QualifiedName;
			foreignTable: QualifiedName;
			isSelf: boolean;
			cardinality: Cardinality;
			tableIsView: boolean;
			foreignTableIsView: boolean;
	  }
	| {
			kind: 'computed';
			function: QualifiedName;
			table: QualifiedName;
			foreignTable: QualifiedName;
			toOne: boolean;
			isSelf: boolean;
	  };

export function isToOne(rel: Relationship): boolean {
	if (rel.kind === 'computed') return rel.toOne;
	return rel.cardinality.type === 'M2O' || rel.cardinality.type === 'O2O';
}

/** Columns of the origin table the join needs (for RETURNING), as inferColsEmbedNeeds takes them. */
export function originColumns(rel: Relationship): string[] {
	if (rel.kind === 'computed') return [];
	const card = rel.cardinality;
	return card.type === 'M2M'
		? card.junction.colsSource.map((p) => p[0])
		: card.columns.map((p) => p[0]);
}

// Haskell's derived Ord, which orders PostgREST's relationship lists (and so PGRST201's details).
type Key = (string | number | boolean | Key)[];
const CARDINALITY_ORDER = { O2M: 0, M2O: 1, O2O: 2, M2M: 3 };

function qn(name: QualifiedName): Key {
	return [name.schema, name.name];
}

function cardinalityKey(card: Cardinality): Key {
	const order = CARDINALITY_ORDER[card.type];
	if (card.type === 'M2M') {
		const j = card.junction;
		return [order, qn(j.table), j.constraint1, j.constraint2, j.colsSource, j.colsTarget];
	}
	return [order, card.constraint, card.columns, card.type === 'O2O' ? card.isParent : false];
}

function sortKey(rel: Relationship): Key {
	if (rel.kind === 'computed')
		return [1, qn(rel.function), qn(rel.table), qn(rel.foreignTable), rel.toOne, rel.isSelf];
	return [
		0,
		qn(rel.table),
		qn(rel.foreignTable),
		rel.isSelf,
		cardinalityKey(rel.cardinality),
		rel.tableIsView,
		rel.foreignTableIsView,
	];
}

function compareKeys(a: Key | Key[number], b: Key | Key[number]): number {
	if (Array.isArray(a) && Array.isArray(b)) {
		for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
			const order = compareKeys(a[i] as Key[number], b[i] as Key[number]);
			if (order !== 0) return order;
		}
		return a.length - b.length;
	}
	if (a === b) return 0;
	return (a as string) < (b as string) ? -1 : 1;
}

export function compareRelationships(a: Relationship, b: Relationship): number {
	return compareKeys(sortKey(a), sortKey(b));
}
