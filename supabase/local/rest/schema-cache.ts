import type { Database } from '../db/database.ts';
import { loadRoutines } from './schema-routines.ts';
import type { Column, Relation, SchemaCache } from './schema-types.ts';

export type {
	Column,
	ForeignKey,
	Relation,
	Routine,
	RoutineParam,
	SchemaCache,
} from './schema-types.ts';

// PostgREST's schema cache for the exposed schema `public`: relations with their columns and keys,
// foreign keys (for embedding) and functions (for RPC). Loaded after migrations and reloaded when a
// request names something the cache does not know, so DDL run later is picked up.

export interface ColumnRow {
	relid: number;
	name: string;
	type: string;
	nullable: boolean;
	default_expr: string | null;
	generated: boolean;
	is_array: boolean;
	is_tsvector: boolean;
}

export const COLUMNS_SQL = `
	select a.attrelid::int as relid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
	  not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default_expr, a.attgenerated <> '' as generated,
	  t.typcategory = 'A' as is_array, t.typname = 'tsvector' as is_tsvector
	from pg_attribute a
	join pg_type t on t.oid = a.atttypid
	left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
	where a.attnum > 0 and not a.attisdropped and a.attrelid = any($1::int[])
	order by a.attrelid, a.attnum`;

export function toColumn(row: ColumnRow): Column {
	return {
		name: row.name,
		type: row.type,
		nullable: row.nullable,
		defaultExpr: row.default_expr,
		generated: row.generated,
		isArray: row.is_array,
		isTsvector: row.is_tsvector,
	};
}

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
	return db.transaction(async (tx) => {
		const relations = await tx.query<{ oid: number; name: string; kind: string }>(
			`select c.oid::int as oid, c.relname as name, c.relkind as kind from pg_class c
			 join pg_namespace n on n.oid = c.relnamespace
			 where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
		);
		const keys = await tx.query<{ relid: number; columns: string[]; primary: boolean }>(
			`select i.indrelid::int as relid, i.indisprimary as primary,
			   (select json_agg(a.attname order by k.ord) from unnest(i.indkey::int2[]) with ordinality k(num, ord)
			    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num) as columns
			 from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
			 where n.nspname = 'public' and i.indisunique and i.indpred is null`,
		);
		const foreignKeys = await tx.query<{
			name: string;
			table: string;
			columns: string[];
			ref_table: string;
			ref_columns: string[];
		}>(
			`select con.conname as name, c.relname as table, fc.relname as ref_table,
			   (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
			    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
			   (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
			    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_columns
			 from pg_constraint con
			 join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
			 join pg_class fc on fc.oid = con.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
			 where con.contype = 'f' and n.nspname = 'public' and fn.nspname = 'public'`,
		);
		const columnRows = await tx.query<ColumnRow>(COLUMNS_SQL, [relations.rows.map((r) => r.oid)]);
		const byRelid = new Map<number, Relation>();
		const cache: SchemaCache = {
			relations: new Map(),
			foreignKeys: [],
			routines: new Map(),
			roles: new Set(),
		};
		for (const row of relations.rows) {
			const relation: Relation = {
				name: row.name,
				kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view',
				columns: new Map(),
				primaryKey: [],
				uniqueKeys: [],
			};
			byRelid.set(row.oid, relation);
			cache.relations.set(row.name, relation);
		}
		for (const row of columnRows.rows) byRelid.get(row.relid)?.columns.set(row.name, toColumn(row));
		for (const key of keys.rows) {
			const relation = byRelid.get(key.relid);
			if (!relation || !key.columns) continue;
			relation.uniqueKeys.push(key.columns);
			if (key.primary) relation.primaryKey = key.columns;
		}
		cache.foreignKeys = foreignKeys.rows.map((row) => ({
			name: row.name,
			table: row.table,
			columns: row.columns,
			refTable: row.ref_table,
			refColumns: row.ref_columns,
		}));
		cache.routines = await loadRoutines(tx);
		cache.roles = new Set(
			(await tx.query<{ rolname: string }>('select rolname from pg_roles')).rows.map(
				(r) => r.rolname,
			),
		);
		return cache;
	});
}
