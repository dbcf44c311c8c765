import type { Database } from '../db/database.ts';
import { loadRoutines } from './schema-routines.ts';
import { loadComputedFields, loadRelationships } from './schema-relationships.ts';
import { COLUMNS_SQL, toColumn, type ColumnRow } from './schema-columns.ts';
import type { Column, Relation, SchemaCache } from './schema-types.ts';

export type { Column, Relation, Routine, RoutineParam, SchemaCache } from './schema-types.ts';

// PostgREST's schema cache for the exposed schema `public`: relations with their columns and keys,
// relationships (for embedding) and functions (for RPC). Loaded after migrations and reloaded when a
// request names something the cache does not know, so DDL run later is picked up.

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
	return db.transaction(async (tx) => {
		const relations = await tx.query<{ oid: number; name: string; kind: string }>(
			`select c.oid::int as oid, c.relname as name, c.relkind as kind from pg_class c
			 join pg_namespace n on n.oid = c.relnamespace
			 where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition`,
		);
		const keys = await tx.query<{ relid: number; columns: string[] }>(
			`select k.conrelid::int as relid, json_agg(a.attname order by a.attname) as columns
			 from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
			 where k.contype = 'p' and k.connamespace = 'public'::regnamespace and not a.attisdropped
			 group by k.conrelid`,
		);
		const columnRows = await tx.query<ColumnRow>(COLUMNS_SQL, [relations.rows.map((r) => r.oid)]);
		const byRelid = new Map<number, Relation>();
		const { relationships, viewKeys } = await loadRelationships(tx);
		const computedFields = await loadComputedFields(tx);
		const cache: SchemaCache = {
			relations: new Map(),
			relationships,
			routines: new Map(),
			roles: new Set(),
		};
		for (const row of relations.rows) {
			const relation: Relation = {
				name: row.name,
				kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view',
				columns: new Map(),
				primaryKey: viewKeys.get(row.name) ?? [],
				computedFields: computedFields.get(row.name) ?? new Map<string, Column>(),
			};
			byRelid.set(row.oid, relation);
			cache.relations.set(row.name, relation);
		}
		for (const row of columnRows.rows) byRelid.get(row.relid)?.columns.set(row.name, toColumn(row));
		for (const key of keys.rows) {
			const relation = byRelid.get(key.relid);
			if (relation) relation.primaryKey = key.columns;
		}
		for (const relation of cache.relations.values()) {
			for (const name of relation.columns.keys()) relation.computedFields.delete(name);
		}
		cache.routines = await loadRoutines(tx);
		cache.roles = new Set(
			(await tx.query<{ rolname: string }>('select rolname from pg_roles')).rows.map(
				(r) => r.rolname,
			),
		);
		return cache;
	});
}
