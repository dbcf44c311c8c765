import type { Relationship } from './relationships.ts';
import type { ForeignKey, SchemaCache } from './schema-cache.ts';

// Every relationship an embed name could mean from a given table: foreign keys either way (by table
// name, constraint name or the referencing column) and many-to-many through junction tables whose
// primary key covers both foreign keys. A unique key on the referencing columns makes it one-to-one.

function zip(a: string[], b: string[]): [string, string][] {
	return a.map((value, i) => [value, b[i] as string]);
}

function isUniqueIn(cache: SchemaCache, table: string, columns: string[]): boolean {
	const keys = cache.relations.get(table)?.uniqueKeys ?? [];
	return keys.some(
		(key) => key.length === columns.length && key.every((column) => columns.includes(column)),
	);
}

function fromParentSide(cache: SchemaCache, fk: ForeignKey): Relationship {
	return {
		cardinality: isUniqueIn(cache, fk.table, fk.columns) ? 'one-to-one' : 'many-to-one',
		parent: fk.table,
		child: fk.refTable,
		constraint: fk.name,
		pairs: zip(fk.columns, fk.refColumns),
	};
}

function fromChildSide(cache: SchemaCache, fk: ForeignKey): Relationship {
	return {
		cardinality: isUniqueIn(cache, fk.table, fk.columns) ? 'one-to-one' : 'one-to-many',
		parent: fk.refTable,
		child: fk.table,
		constraint: fk.name,
		pairs: zip(fk.refColumns, fk.columns),
	};
}

export function candidates(cache: SchemaCache, parent: string, name: string): Relationship[] {
	const found: Relationship[] = [];
	for (const fk of cache.foreignKeys) {
		if (
			fk.table === parent &&
			(fk.refTable === name ||
				fk.name === name ||
				(fk.columns.length === 1 && fk.columns[0] === name))
		) {
			found.push(fromParentSide(cache, fk));
		}
		if (fk.refTable === parent && (fk.table === name || fk.name === name))
			found.push(fromChildSide(cache, fk));
	}
	for (const [junction, relation] of cache.relations) {
		if (junction === parent || junction === name) continue;
		const toParent = cache.foreignKeys.filter(
			(fk) => fk.table === junction && fk.refTable === parent,
		);
		const toChild = cache.foreignKeys.filter((fk) => fk.table === junction && fk.refTable === name);
		for (const a of toParent) {
			for (const b of toChild) {
				if (
					a === b ||
					![...a.columns, ...b.columns].every((column) => relation.primaryKey.includes(column))
				)
					continue;
				found.push({
					cardinality: 'many-to-many',
					parent,
					child: name,
					constraint: `${a.name}, ${b.name}`,
					pairs: [],
					junction: {
						table: junction,
						constraint: b.name,
						toParent: zip(a.refColumns, a.columns),
						toChild: zip(b.columns, b.refColumns),
					},
				});
			}
		}
	}
	return found;
}
