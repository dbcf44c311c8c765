import type { Transaction } from '../db/database.ts';
import { buildRelationships } from './relationship-build.ts';
import type { Relationship } from './relationship-types.ts';
import { viewPrimaryKey } from './relationship-views.ts';
import { COMPUTED_RELS_SQL, FOREIGN_KEYS_SQL, TABLES_SQL } from './schema-relationships-sql.ts';
import type { ComputedRelRow, ForeignKeyRow, TableRow } from './schema-relationships-sql.ts';
import type { Column } from './schema-types.ts';
import { VIEW_KEY_DEPENDENCIES_SQL } from './view-key-deps.ts';
import type { ViewKeyDependencyRow } from './view-key-deps.ts';

// The parts of the schema cache that come from more than one relation: relationships (foreign keys,
// through views, computed), views' primary keys, and computed fields.

export const EXPOSED_SCHEMA = 'public';
// The hosted API's db-extra-search-path: views there count for key dependencies, functions there
// can be computed fields.
const EXTRA_SEARCH_PATH = ['public', 'extensions'];

export interface LoadedRelationships {
	relationships: Map<string, Relationship[]>;
	/** Primary keys of the exposed schema's views, by view name. */
	viewKeys: Map<string, string[]>;
}

export async function loadRelationships(tx: Transaction): Promise<LoadedRelationships> {
	const foreignKeys = (await tx.query<ForeignKeyRow>(FOREIGN_KEYS_SQL)).rows;
	const tables = (await tx.query<TableRow>(TABLES_SQL)).rows;
	const viewKeyDeps = (
		await tx.query<ViewKeyDependencyRow>(VIEW_KEY_DEPENDENCIES_SQL, [
			[EXPOSED_SCHEMA],
			EXTRA_SEARCH_PATH,
		])
	).rows;
	const computedRels = (await tx.query<ComputedRelRow>(COMPUTED_RELS_SQL)).rows;
	const viewKeys = new Map<string, string[]>();
	for (const table of tables) {
		if (table.schema === EXPOSED_SCHEMA && table.is_view)
			viewKeys.set(table.name, viewPrimaryKey(viewKeyDeps, table.schema, table.name));
	}
	return {
		relationships: buildRelationships(
			{ foreignKeys, tables, viewKeyDeps, computedRels },
			EXPOSED_SCHEMA,
		),
		viewKeys,
	};
}

interface ComputedFieldRow {
	relation: string;
	name: string;
	type: string;
	is_array: boolean;
	is_tsvector: boolean;
}

/**
 * Functions of exactly one argument, a row of an exposed relation: Postgres resolves `people.full_name`
 * to `full_name(people)` when people has no such column, which is all PostgREST relies on.
 */
export async function loadComputedFields(
	tx: Transaction,
): Promise<Map<string, Map<string, Column>>> {
	const { rows } = await tx.query<ComputedFieldRow>(
		`select c.relname as relation, p.proname as name, format_type(p.prorettype, null) as type,
		   t.typcategory = 'A' as is_array, t.typname = 'tsvector' as is_tsvector
		 from pg_proc p
		 join pg_class c on c.reltype = p.proargtypes[0]
		 join pg_type t on t.oid = p.prorettype
		 where p.pronargs = 1 and p.prokind = 'f' and c.relnamespace = $1::regnamespace
		   and p.pronamespace = any($2::regnamespace[])
		 order by array_position($2::text[], p.pronamespace::regnamespace::text)`,
		[EXPOSED_SCHEMA, EXTRA_SEARCH_PATH],
	);
	const fields = new Map<string, Map<string, Column>>();
	for (const row of rows) {
		const forRelation = fields.get(row.relation) ?? new Map<string, Column>();
		if (forRelation.has(row.name)) continue;
		forRelation.set(row.name, {
			name: row.name,
			type: row.type,
			nullable: true,
			defaultExpr: null,
			generated: false,
			isArray: row.is_array,
			isTsvector: row.is_tsvector,
		});
		fields.set(row.relation, forRelation);
	}
	return fields;
}
