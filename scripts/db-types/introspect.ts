import type { SqlSession as Transaction } from '@frostnode/local-supabase';
import { viewKeyDependencies } from './view-keys.ts';

// What `supabase gen types typescript` reads from the catalog (through postgres-meta), read here
// with our own queries: relations and their columns, foreign keys (also as seen through views),
// functions and types. The renderer turns it into the CLI's TypeScript.

export interface TypeInfo {
	id: number;
	name: string;
	schema: string;
	/** format_type(oid, null): how SQL names the type with the session's search_path. */
	format: string;
	enums: string[];
	attributes: { name: string; typeId: number }[];
	/** pg_class oid of a table, view or composite type's row, or null. */
	relationId: number | null;
	/** For a domain: the type it is ultimately based on (domains over domains followed). */
	baseTypeId: number | null;
}

export interface ColumnInfo {
	tableId: number;
	name: string;
	/** Type name with domains resolved to their base type (`money_minor` → `int8`). */
	format: string;
	defaultValue: string | null;
	isIdentity: boolean;
	identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
	isNullable: boolean;
	isUpdatable: boolean;
}

export interface RelationInfo {
	id: number;
	schema: string;
	name: string;
	kind: 'table' | 'view' | 'materialized_view';
	/** Views: insert, update and delete all possible (information_schema.views' definition). */
	isUpdatable: boolean;
}

export interface Relationship {
	foreignKeyName: string;
	schema: string;
	relation: string;
	columns: string[];
	isOneToOne: boolean;
	referencedSchema: string;
	referencedRelation: string;
	referencedColumns: string[];
}

export interface FunctionArg {
	mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
	name: string;
	typeId: number;
	hasDefault: boolean;
}

export interface FunctionInfo {
	id: number;
	schema: string;
	name: string;
	args: FunctionArg[];
	/** pg_get_function_arguments: the argument list as SQL writes it. */
	argumentTypes: string;
	/** pg_get_function_result. */
	returnType: string;
	returnTypeId: number;
	returnTypeRelationId: number | null;
	isSetReturning: boolean;
	/** Estimated rows of a set-returning function (ROWS), null otherwise. */
	prorows: number | null;
}

export interface Catalog {
	schemas: string[];
	relations: RelationInfo[];
	columns: ColumnInfo[];
	relationships: Relationship[];
	functions: FunctionInfo[];
	types: TypeInfo[];
}

const ARG_MODES: Record<string, FunctionArg['mode']> = {
	i: 'in',
	o: 'out',
	b: 'inout',
	v: 'variadic',
	t: 'table',
};

export async function introspect(tx: Transaction, wantedSchemas: string[]): Promise<Catalog> {
	// Unqualified names for the generated schemas, as the CLI's connection sees them.
	await tx.query(`select set_config('search_path', $1, true)`, [wantedSchemas.join(', ')]);
	const schemas = (
		await tx.query<{ name: string }>(
			'select nspname as name from pg_namespace where nspname = any($1::text[])',
			[wantedSchemas],
		)
	).rows
		.map((row) => row.name)
		.sort();

	const types = await loadTypes(tx);
	const typesById = new Map(types.map((type) => [type.id, type]));

	const relations = (
		await tx.query<{ id: number; schema: string; name: string; kind: string; updatable: boolean }>(
			`select c.oid::int as id, n.nspname as schema, c.relname as name, c.relkind as kind,
			   c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
			 from pg_class c join pg_namespace n on n.oid = c.relnamespace
			 where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'f', 'v', 'm')
			 order by n.nspname, c.relname`,
			[schemas],
		)
	).rows.map((row): RelationInfo => ({
		id: row.id,
		schema: row.schema,
		name: row.name,
		kind: row.kind === 'v' ? 'view' : row.kind === 'm' ? 'materialized_view' : 'table',
		isUpdatable: row.updatable,
	}));

	const columns = (
		await tx.query<{
			table_id: number;
			name: string;
			type_id: number;
			default_value: string | null;
			identity: string;
			nullable: boolean;
			updatable: boolean;
		}>(
			`select a.attrelid::int as table_id, a.attname as name, a.atttypid::int as type_id,
			   pg_get_expr(d.adbin, d.adrelid) as default_value, a.attidentity::text as identity,
			   not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
			   c.relkind in ('r', 'p')
			     or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
			 from pg_attribute a
			 join pg_class c on c.oid = a.attrelid
			 join pg_type t on t.oid = a.atttypid
			 left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
			 where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
			 order by a.attrelid, a.attnum`,
			[relations.map((relation) => relation.id)],
		)
	).rows.map((row): ColumnInfo => ({
		tableId: row.table_id,
		name: row.name,
		format: resolveDomain(typesById, row.type_id)?.name ?? 'unknown',
		defaultValue: row.default_value,
		isIdentity: row.identity === 'a' || row.identity === 'd',
		identityGeneration:
			row.identity === 'a' ? 'ALWAYS' : row.identity === 'd' ? 'BY DEFAULT' : null,
		isNullable: row.nullable,
		isUpdatable: row.updatable,
	}));

	const tableRelationships = await loadForeignKeys(tx, schemas);
	const viewRelationships = await relationshipsThroughViews(tx, schemas, tableRelationships);

	return {
		schemas,
		relations,
		columns,
		relationships: [...tableRelationships, ...viewRelationships],
		functions: await loadFunctions(tx, schemas),
		types,
	};
}

export function resolveDomain(
	typesById: Map<number, TypeInfo>,
	typeId: number,
): TypeInfo | undefined {
	let type = typesById.get(typeId);
	for (let depth = 0; type?.baseTypeId && depth < 32; depth += 1) {
		type = typesById.get(type.baseTypeId);
	}
	return type;
}

async function loadTypes(tx: Transaction): Promise<TypeInfo[]> {
	const { rows } = await tx.query<{
		id: number;
		name: string;
		schema: string;
		format: string;
		enums: string[];
		attributes: { name: string; type_id: number }[];
		relation_id: number | null;
		base_type_id: number | null;
	}>(
		`select t.oid::int as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
		   coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e
		             where e.enumtypid = t.oid), '[]') as enums,
		   coalesce((select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int)
		                             order by a.attnum)
		             from pg_class c join pg_attribute a on a.attrelid = c.oid
		             where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped),
		            '[]') as attributes,
		   nullif(t.typrelid::int, 0) as relation_id,
		   case when t.typtype = 'd' then t.typbasetype::int end as base_type_id
		 from pg_type t join pg_namespace n on n.oid = t.typnamespace
		 where t.typrelid = 0
		   or (select c.relkind from pg_class c where c.oid = t.typrelid) in ('c', 'r', 'v', 'm', 'p')
		 order by n.nspname, t.typname, t.oid`,
	);
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		schema: row.schema,
		format: row.format,
		enums: row.enums,
		attributes: row.attributes.map((a) => ({ name: a.name, typeId: a.type_id })),
		relationId: row.relation_id,
		baseTypeId: row.base_type_id,
	}));
}

async function loadForeignKeys(tx: Transaction, schemas: string[]): Promise<Relationship[]> {
	// A key's columns in the key's order; a unique or primary key's in table order, as PostgREST
	// (and so the CLI) compares them to decide whether a foreign key is one-to-one.
	const keyColumns = (keys: string, table: string) =>
		`(select json_agg(a.attname order by k.ord) from unnest(${keys}) with ordinality k(num, ord)
		  join pg_attribute a on a.attrelid = ${table} and a.attnum = k.num)`;
	const { rows } = await tx.query<{
		name: string;
		schema: string;
		relation: string;
		columns: string[];
		referenced_schema: string;
		referenced_relation: string;
		referenced_columns: string[];
		unique_keys: string[][] | null;
	}>(
		`select con.conname as name, n.nspname as schema, c.relname as relation,
		   ${keyColumns('con.conkey', 'con.conrelid')} as columns,
		   rn.nspname as referenced_schema, rc.relname as referenced_relation,
		   ${keyColumns('con.confkey', 'con.confrelid')} as referenced_columns,
		   (select json_agg((select json_agg(a.attname order by a.attnum) from pg_attribute a
		                     where a.attrelid = u.conrelid and a.attnum = any(u.conkey)))
		    from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')) as unique_keys
		 from pg_constraint con
		 join pg_namespace n on n.oid = con.connamespace
		 join pg_class c on c.oid = con.conrelid
		 join pg_class rc on rc.oid = con.confrelid
		 join pg_namespace rn on rn.oid = rc.relnamespace
		 where con.contype = 'f' and con.conparentid = 0 and n.nspname = any($1::text[])
		 order by con.conname, n.nspname, c.relname`,
		[schemas],
	);
	return rows.map((row) => ({
		foreignKeyName: row.name,
		schema: row.schema,
		relation: row.relation,
		columns: row.columns,
		isOneToOne: (row.unique_keys ?? []).some(
			(key) => JSON.stringify(key) === JSON.stringify(row.columns),
		),
		referencedSchema: row.referenced_schema,
		referencedRelation: row.referenced_relation,
		referencedColumns: row.referenced_columns,
	}));
}

/**
 * Foreign keys as PostgREST sees them through views: a view that shows all columns of a key (of
 * its base table, or of the table a key points to) takes part in that relationship, once per
 * combination of view columns showing them.
 */
async function relationshipsThroughViews(
	tx: Transaction,
	schemas: string[],
	tableRelationships: Relationship[],
): Promise<Relationship[]> {
	const dependencies = await viewKeyDependencies(tx, schemas);
	if (dependencies.length === 0) return [];
	const same = (a: { schema: string; name: string }, schema: string, name: string) =>
		a.schema === schema && a.name === name;
	const combinations = (columnsPerKeyColumn: string[][]): string[][] =>
		columnsPerKeyColumn.reduce<string[][]>(
			(results, choices) => results.flatMap((result) => choices.map((c) => [...result, c])),
			[[]],
		);
	return tableRelationships.flatMap((fk) => {
		const fromViews = dependencies.filter(
			(d) =>
				d.kind === 'f' &&
				d.constraintName === fk.foreignKeyName &&
				same(d.table, fk.schema, fk.relation),
		);
		const toViews = dependencies.filter(
			(d) =>
				d.kind === 'f_ref' &&
				d.constraintName === fk.foreignKeyName &&
				same(d.table, fk.referencedSchema, fk.referencedRelation),
		);
		const viewToTable = fromViews.flatMap((d) =>
			combinations(d.viewColumns).map((columns) => ({
				...fk,
				schema: d.view.schema,
				relation: d.view.name,
				columns,
			})),
		);
		const tableToView = toViews.flatMap((d) =>
			combinations(d.viewColumns).map((referencedColumns) => ({
				...fk,
				referencedSchema: d.view.schema,
				referencedRelation: d.view.name,
				referencedColumns,
			})),
		);
		const viewToView = fromViews.flatMap((from) =>
			combinations(from.viewColumns).flatMap((columns) =>
				toViews.flatMap((to) =>
					combinations(to.viewColumns).map((referencedColumns) => ({
						...fk,
						schema: from.view.schema,
						relation: from.view.name,
						columns,
						referencedSchema: to.view.schema,
						referencedRelation: to.view.name,
						referencedColumns,
					})),
				),
			),
		);
		return [...viewToTable, ...tableToView, ...viewToView];
	});
}

async function loadFunctions(tx: Transaction, schemas: string[]): Promise<FunctionInfo[]> {
	const { rows } = await tx.query<{
		id: number;
		schema: string;
		name: string;
		arg_names: string[] | null;
		arg_modes: string[] | null;
		arg_types: number[];
		input_count: number;
		default_count: number;
		argument_types: string;
		return_type: string;
		return_type_id: number;
		return_type_relation_id: number | null;
		is_set_returning: boolean;
		prorows: number | null;
	}>(
		`select p.oid::int as id, n.nspname as schema, p.proname as name,
		   to_json(p.proargnames) as arg_names, to_json(p.proargmodes::text[]) as arg_modes,
		   to_json(coalesce(p.proallargtypes, p.proargtypes::oid[])::int[]) as arg_types,
		   p.pronargs::int as input_count, p.pronargdefaults::int as default_count,
		   pg_get_function_arguments(p.oid) as argument_types,
		   pg_get_function_result(p.oid) as return_type,
		   p.prorettype::int as return_type_id, nullif(rt.typrelid::int, 0) as return_type_relation_id,
		   p.proretset as is_set_returning,
		   case when p.proretset then nullif(p.prorows, 0)::float8 end as prorows
		 from pg_proc p
		 join pg_namespace n on n.oid = p.pronamespace
		 join pg_type rt on rt.oid = p.prorettype
		 where n.nspname = any($1::text[]) and p.prokind = 'f'
		   and rt.typname not in ('trigger', 'event_trigger')
		 order by n.nspname, p.proname, p.oid`,
		[schemas],
	);
	return rows.map((row) => {
		let inputIndex = 0;
		const args = row.arg_types.map((typeId, i): FunctionArg => {
			const mode = ARG_MODES[row.arg_modes?.[i] ?? 'i'] ?? 'in';
			const isInput = mode === 'in' || mode === 'inout' || mode === 'variadic';
			// The last pronargdefaults input arguments have defaults.
			const hasDefault = isInput && inputIndex++ >= row.input_count - row.default_count;
			return { mode, name: row.arg_names?.[i] ?? '', typeId, hasDefault };
		});
		return {
			id: row.id,
			schema: row.schema,
			name: row.name,
			args,
			argumentTypes: row.argument_types,
			returnType: row.return_type,
			returnTypeId: row.return_type_id,
			returnTypeRelationId: row.return_type_relation_id,
			isSetReturning: row.is_set_returning,
			prorows: row.prorows,
		};
	});
}
