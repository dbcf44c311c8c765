import { RestError } from './errors.ts';
import { candidates } from './relationship-candidates.ts';
import type { SchemaCache } from './schema-cache.ts';

// Finding the foreign key behind an embed, as PostgREST does: many-to-one and one-to-one (an object),
// one-to-many and many-to-many through a junction table whose primary key covers both foreign keys
// (an array). A hint (`relation!fk_name`, `!column` or `!junction`) picks one of several candidates.

export type Cardinality = 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';

export interface Relationship {
	cardinality: Cardinality;
	parent: string;
	child: string;
	constraint: string;
	/** [parent column, child column] pairs for direct relationships. */
	pairs: [string, string][];
	junction?: {
		table: string;
		constraint: string;
		/** [parent column, junction column] */
		toParent: [string, string][];
		/** [junction column, child column] */
		toChild: [string, string][];
	};
}

export function isToOne(rel: Relationship): boolean {
	return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

function matchesHint(rel: Relationship, hint: string): boolean {
	if (rel.junction) return rel.junction.table === hint || rel.constraint.split(', ').includes(hint);
	if (rel.constraint === hint) return true;
	const columns =
		rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one'
			? rel.pairs.flat()
			: rel.pairs.flat();
	return columns.includes(hint);
}

function describe(rel: Relationship): Record<string, string> {
	const cols = (list: string[]) => `(${list.join(', ')})`;
	if (rel.junction) {
		return {
			cardinality: rel.cardinality,
			embedding: `${rel.parent} with ${rel.child}`,
			relationship: `${rel.junction.table} using ${rel.constraint}`,
		};
	}
	return {
		cardinality: rel.cardinality,
		embedding: `${rel.parent} with ${rel.child}`,
		relationship: `${rel.constraint} using ${rel.parent}${cols(rel.pairs.map((p) => p[0]))} and ${rel.child}${cols(rel.pairs.map((p) => p[1]))}`,
	};
}

export function findRelationship(
	cache: SchemaCache,
	parent: string,
	name: string,
	hint?: string,
): Relationship {
	let found = candidates(cache, parent, name);
	if (hint !== undefined) found = found.filter((rel) => matchesHint(rel, hint));
	if (found.length === 1) return found[0] as Relationship;
	if (found.length === 0) {
		throw new RestError(
			400,
			'PGRST200',
			`Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
			`Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
		);
	}
	throw new RestError(
		300,
		'PGRST201',
		`Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
		found.map(describe),
		`Try changing '${name}' to one of the following: ${found.map((rel) => `'${name}!${rel.junction?.table ?? rel.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
	);
}
