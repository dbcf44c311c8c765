// The catalog queries behind relationships, as PostgREST's schema cache runs them (SchemaCache.hs):
// foreign keys of every schema with whether their columns are a primary key or unique constraint
// (allM2OandO2ORels), every relation with its primary key (tablesSqlQuery), and functions that take a
// row of one relation and return rows of another (allComputedRels). Arrays come back as JSON.

export interface ForeignKeyRow {
	table_schema: string;
	table_name: string;
	foreign_table_schema: string;
	foreign_table_name: string;
	is_self: boolean;
	constraint_name: string;
	cols_and_fcols: [string, string][];
	one_to_one: boolean;
}

export const FOREIGN_KEYS_SQL = `
	WITH pks_uniques_cols AS (
		SELECT conrelid, array_agg(key order by key) as cols
		FROM pg_constraint, LATERAL unnest(conkey) AS _(key)
		WHERE contype IN ('p', 'u') AND connamespace <> 'pg_catalog'::regnamespace
		GROUP BY oid, conrelid
	)
	SELECT
		ns1.nspname AS table_schema, tab.relname AS table_name,
		ns2.nspname AS foreign_table_schema, other.relname AS foreign_table_name,
		traint.conrelid = traint.confrelid AS is_self,
		traint.conname AS constraint_name,
		column_info.cols_and_fcols,
		(column_info.cols IN (SELECT cols FROM pks_uniques_cols WHERE conrelid = traint.conrelid)) AS one_to_one
	FROM pg_constraint traint
	JOIN LATERAL (
		SELECT
			json_agg(json_build_array(cols.attname, refs.attname) order by ord) AS cols_and_fcols,
			array_agg(cols.attnum order by cols.attnum) AS cols
		FROM unnest(traint.conkey, traint.confkey) WITH ORDINALITY AS _(col, ref, ord)
		JOIN pg_attribute cols ON cols.attrelid = traint.conrelid AND cols.attnum = col
		JOIN pg_attribute refs ON refs.attrelid = traint.confrelid AND refs.attnum = ref
	) AS column_info ON TRUE
	JOIN pg_namespace ns1 ON ns1.oid = traint.connamespace
	JOIN pg_class tab ON tab.oid = traint.conrelid
	JOIN pg_class other ON other.oid = traint.confrelid
	JOIN pg_namespace ns2 ON ns2.oid = other.relnamespace
	WHERE traint.contype = 'f' AND traint.conparentid = 0
	ORDER BY traint.conrelid, traint.conname`;

export interface TableRow {
	schema: string;
	name: string;
	is_view: boolean;
	pk_cols: string[];
}

export const TABLES_SQL = `
	SELECT n.nspname AS schema, c.relname AS name, c.relkind IN ('v', 'm') AS is_view,
	  coalesce((SELECT json_agg(a.attname ORDER BY a.attname) FROM pg_constraint k
	    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (k.conkey)
	    WHERE k.conrelid = c.oid AND k.contype = 'p' AND c.relkind IN ('r', 'p') AND NOT a.attisdropped), '[]') AS pk_cols
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE c.relkind IN ('v', 'r', 'm', 'f', 'p')
	  AND c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
	  AND NOT c.relispartition`;

export interface ComputedRelRow {
	schema: string;
	name: string;
	rel_table_schema: string;
	rel_table_name: string;
	rel_ftable_schema: string;
	rel_ftable_name: string;
	single_row: boolean;
	is_self: boolean;
}

export const COMPUTED_RELS_SQL = `
	with all_relations as (
		select reltype from pg_class where relkind in ('v', 'r', 'm', 'f', 'p')
	),
	computed_rels as (
		select
			(parse_ident(p.pronamespace::regnamespace::text))[1] as schema,
			p.proname::text as name,
			arg_schema.nspname::text as rel_table_schema,
			arg_name.typname::text as rel_table_name,
			ret_schema.nspname::text as rel_ftable_schema,
			ret_name.typname::text as rel_ftable_name,
			not p.proretset or p.prorows = 1 as single_row
		from pg_proc p
			join pg_type arg_name on arg_name.oid = p.proargtypes[0]
			join pg_namespace arg_schema on arg_schema.oid = arg_name.typnamespace
			join pg_type ret_name on ret_name.oid = p.prorettype
			join pg_namespace ret_schema on ret_schema.oid = ret_name.typnamespace
		where p.pronargs = 1
			and p.proargtypes[0] in (select reltype from all_relations)
			and p.prorettype in (select reltype from all_relations)
	)
	select *, row(rel_table_schema, rel_table_name) = row(rel_ftable_schema, rel_ftable_name) as is_self
	from computed_rels`;
