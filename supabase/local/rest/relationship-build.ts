import type { Cardinality, Relationship } from './relationship-types.ts';
import { compareRelationships } from './relationship-types.ts';
import { qualifiedKey as key, viewPrimaryKey, viewRelationships } from './relationship-views.ts';
import type { ViewKeyDependencyRow } from './view-key-deps.ts';
import type { ComputedRelRow, ForeignKeyRow, TableRow } from './schema-relationships-sql.ts';

// Every relationship PostgREST derives from the catalog (SchemaCache.hs querySchemaCache): foreign
// keys as many-to-one or one-to-one, the same carried over to views through their column dependencies,
// many-to-many through junction tables, the inverse of each, and computed relationships, which replace
// detected ones of the same name. Only relationships among exposed relations are kept.

function fromForeignKey(row: ForeignKeyRow): Relationship {
	const base = { constraint: row.constraint_name, columns: row.cols_and_fcols };
	const cardinality: Cardinality = row.one_to_one
		? { type: 'O2O', ...base, isParent: false }
		: { type: 'M2O', ...base };
	return {
		kind: 'fk',
		table: { schema: row.table_schema, name: row.table_name },
		foreignTable: { schema: row.foreign_table_schema, name: row.foreign_table_name },
		isSelf: row.is_self,
		cardinality,
		tableIsView: false,
		foreignTableIsView: false,
	};
}

/** addM2MRels: two many-to-ones of one table whose columns lie within its primary key. */
function manyToMany(rels: Relationship[], pkCols: Map<string, string[]>): Relationship[] {
	const out: Relationship[] = [];
	for (const a of rels) {
		if (a.kind !== 'fk' || a.cardinality.type !== 'M2O') continue;
		for (const b of rels) {
			if (b.kind !== 'fk' || b.cardinality.type !== 'M2O' || key(b.table) !== key(a.table))
				continue;
			if (a.cardinality.constraint === b.cardinality.constraint) continue;
			const pk = pkCols.get(key(a.table)) ?? [];
			const used = [...a.cardinality.columns, ...b.cardinality.columns].map((p) => p[0]);
			if (!used.every((column) => pk.includes(column))) continue;
			out.push({
				kind: 'fk',
				table: a.foreignTable,
				foreignTable: b.foreignTable,
				isSelf: key(a.foreignTable) === key(b.foreignTable),
				cardinality: {
					type: 'M2M',
					junction: {
						table: a.table,
						constraint1: a.cardinality.constraint,
						constraint2: b.cardinality.constraint,
						colsSource: a.cardinality.columns.map(([j, t]) => [t, j]),
						colsTarget: b.cardinality.columns.map(([j, t]) => [t, j]),
					},
				},
				tableIsView: a.foreignTableIsView,
				foreignTableIsView: b.foreignTableIsView,
			});
		}
	}
	return [...rels, ...out];
}

function inverse(rels: Relationship[]): Relationship[] {
	const out: Relationship[] = [];
	for (const rel of rels) {
		if (rel.kind !== 'fk') continue;
		const card = rel.cardinality;
		if (card.type !== 'M2O' && card.type !== 'O2O') continue;
		const columns = card.columns.map(([a, b]) => [b, a] as [string, string]);
		out.push({
			...rel,
			table: rel.foreignTable,
			foreignTable: rel.table,
			cardinality:
				card.type === 'O2O'
					? { type: 'O2O', constraint: card.constraint, columns, isParent: !card.isParent }
					: { type: 'O2M', constraint: card.constraint, columns },
			tableIsView: rel.foreignTableIsView,
			foreignTableIsView: rel.tableIsView,
		});
	}
	return [...rels, ...out];
}

function computed(row: ComputedRelRow): Relationship {
	return {
		kind: 'computed',
		function: { schema: row.schema, name: row.name },
		table: { schema: row.rel_table_schema, name: row.rel_table_name },
		foreignTable: { schema: row.rel_ftable_schema, name: row.rel_ftable_name },
		toOne: row.single_row,
		isSelf: row.is_self,
	};
}

export interface CatalogRows {
	foreignKeys: ForeignKeyRow[];
	tables: TableRow[];
	viewKeyDeps: ViewKeyDependencyRow[];
	computedRels: ComputedRelRow[];
}

/** Relationships by origin relation (name in the exposed schema), sorted as PostgREST sorts them. */
export function buildRelationships(
	rows: CatalogRows,
	exposed: string,
): Map<string, Relationship[]> {
	const pkCols = new Map(
		rows.tables.map((t) => [
			`${t.schema}.${t.name}`,
			t.is_view ? viewPrimaryKey(rows.viewKeyDeps, t.schema, t.name) : t.pk_cols,
		]),
	);
	const detected = inverse(
		manyToMany(viewRelationships(rows.foreignKeys.map(fromForeignKey), rows.viewKeyDeps), pkCols),
	);
	// getOverrideRelationshipsMap: a function named like the target replaces what was detected.
	const groups = new Map<string, Relationship[]>();
	for (const rel of detected) {
		const pair = `${key(rel.table)}|${key(rel.foreignTable)}`;
		groups.set(pair, [...(groups.get(pair) ?? []), rel]);
	}
	for (const row of rows.computedRels)
		groups.set(`${row.rel_table_schema}.${row.rel_table_name}|${row.schema}.${row.name}`, [
			computed(row),
		]);
	const byOrigin = new Map<string, Relationship[]>();
	for (const rels of groups.values()) {
		for (const rel of rels) {
			// removeInternal: both ends, and any junction, in the exposed schema.
			const junction =
				rel.kind === 'fk' && rel.cardinality.type === 'M2M'
					? rel.cardinality.junction.table
					: undefined;
			if (rel.table.schema !== exposed || rel.foreignTable.schema !== exposed) continue;
			if (junction && junction.schema !== exposed) continue;
			byOrigin.set(rel.table.name, [...(byOrigin.get(rel.table.name) ?? []), rel]);
		}
	}
	for (const rels of byOrigin.values()) rels.sort(compareRelationships);
	return byOrigin;
}
