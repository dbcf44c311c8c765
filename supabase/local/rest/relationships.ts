import { RestError } from './errors.ts';
import type { Cardinality, Relationship } from './relationship-types.ts';
import type { SchemaCache } from './schema-cache.ts';

export { isToOne, originColumns } from './relationship-types.ts';
export type { Cardinality, Relationship } from './relationship-types.ts';

// Which relationship an embed names, exactly as PostgREST's findRel (Plan.hs) decides: by the target
// relation, a foreign key's constraint or column, or a computed relationship's function, narrowed by
// a hint. A table's reference to itself is one foreign key seen both ways, so there the table name
// means the children (one-to-many) and the column name the parent (many-to-one).

type Direct = Exclude<Cardinality, { type: 'M2M' }>;
const direct = (card: Cardinality): Direct | undefined => (card.type === 'M2M' ? undefined : card);

function matchesColumn(card: Cardinality, name: string, side: 0 | 1): boolean {
	const columns = direct(card)?.columns;
	return columns?.length === 1 && columns[0]?.[side] === name;
}

function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
	if (rel.kind === 'computed') return target === rel.function.name;
	const card = rel.cardinality;
	const isTarget = target === rel.foreignTable.name;
	if (rel.isSelf) {
		if (hint === undefined)
			return (
				(isTarget && card.type === 'O2M') || (matchesColumn(card, target, 0) && card.type === 'M2O')
			);
		return isTarget && card.type === 'O2M' && matchesColumn(card, hint, 1);
	}
	if (hint === undefined)
		return (
			isTarget ||
			(!rel.foreignTableIsView &&
				(direct(card)?.constraint === target || matchesColumn(card, target, 0)))
		);
	return (
		isTarget &&
		(direct(card)?.constraint === hint ||
			matchesColumn(card, hint, 0) ||
			matchesColumn(card, hint, 1) ||
			(card.type === 'M2M' && card.junction.table.name === hint))
	);
}

const cardinalityNames = {
	O2M: 'one-to-many',
	M2O: 'many-to-one',
	O2O: 'one-to-one',
	M2M: 'many-to-many',
};

/** Error.hs compressedRel, keys in Aeson's (alphabetical) order. */
function describe(rel: Relationship): Record<string, string> {
	if (rel.kind === 'computed') return {};
	const list = (cols: string[]) => `(${cols.join(', ')})`;
	const card = rel.cardinality;
	const relationship =
		card.type === 'M2M'
			? `${card.junction.table.name} using ${card.junction.constraint1}${list(card.junction.colsSource.map((p) => p[1]))} and ${card.junction.constraint2}${list(card.junction.colsTarget.map((p) => p[1]))}`
			: `${card.constraint} using ${rel.table.name}${list(card.columns.map((p) => p[0]))} and ${rel.foreignTable.name}${list(card.columns.map((p) => p[1]))}`;
	return {
		cardinality: cardinalityNames[card.type],
		embedding: `${rel.table.name} with ${rel.foreignTable.name}`,
		relationship,
	};
}

function hintFor(rel: Relationship): string {
	if (rel.kind === 'computed') return '';
	const card = rel.cardinality;
	const name = card.type === 'M2M' ? card.junction.table.name : card.constraint;
	return `'${rel.foreignTable.name}!${name}'`;
}

/** Error.hs NoRelBetween (without its fuzzy "Perhaps you meant" hint). */
export function noRelationship(origin: string, target: string, hint?: string): RestError {
	return new RestError(
		400,
		'PGRST200',
		`Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
		`Searched for a foreign key relationship between '${origin}' and '${target}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema 'public', but no matches were found.`,
	);
}

export function findRelationship(
	cache: SchemaCache,
	origin: string,
	target: string,
	hint?: string,
): Relationship {
	const found = (cache.relationships.get(origin) ?? []).filter((rel) => matches(rel, target, hint));
	if (found.length === 1) return found[0] as Relationship;
	if (found.length === 0) throw noRelationship(origin, target, hint);
	throw new RestError(
		300,
		'PGRST201',
		`Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
		found.map(describe),
		`Try changing '${target}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
	);
}
