// The questions `npm run db:reset` asks the server before it empties a database
// (empty-database.ts), each answering in one row.

export const FACTS_SQL = `
	select current_database() as database, current_user as "user", r.rolsuper as superuser,
		r.rolcreatedb as "createDb", pg_get_userbyid(d.datdba) as owner
	from pg_roles r, pg_database d where r.rolname = current_user and d.datname = current_database()`;

// A recreated database starts with the default grants: the ones it had are given again.
export const GRANTS_SQL = `
	select array(
		select format('grant %s on database %I to %s%s', a.privilege_type, d.datname,
			case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end,
			case when a.is_grantable then ' with grant option' else '' end)
		from aclexplode(d.datacl) as a where a.grantee <> d.datdba
	) as grants, d.datacl is not null as custom
	from pg_database d where d.datname = $1`;

export const SCHEMAS_SQL = `select array_agg(nspname::text) as names, array_agg(pg_get_userbyid(nspowner)::text) as owners from pg_namespace`;

// What the stack's roles ($1) own in public, except what belongs to an extension, a column (serial
// sequences) or a table (row types), each as the statement that drops it ("if exists": an earlier
// cascade may have dropped it).
export const PUBLIC_SQL = `
	with members as (select classid, objid from pg_depend where deptype in ('e', 'a', 'i'))
	select array_agg(kind order by step) as kinds, array_agg(statement order by step) as statements from (
		select 1 as step, 'extension' as kind, format('drop extension if exists %I cascade', extname) as statement
		from pg_extension where extnamespace = 'public'::regnamespace and pg_get_userbyid(extowner) = any($1)
		union all
		select 2, k.kind, format('drop %s if exists public.%I cascade', k.kind, c.relname)
		from pg_class c join (values ('r', 'table'), ('p', 'table'), ('v', 'view'),
			('m', 'materialized view'), ('S', 'sequence'), ('f', 'foreign table')) as k (relkind, kind)
			on k.relkind = c.relkind::text
		where c.relnamespace = 'public'::regnamespace and pg_get_userbyid(c.relowner) = any($1)
			and (c.tableoid, c.oid) not in (select * from members)
		union all
		select 3, 'function', format('drop routine if exists public.%I(%s) cascade', p.proname,
			pg_get_function_identity_arguments(p.oid))
		from pg_proc p where p.pronamespace = 'public'::regnamespace and pg_get_userbyid(p.proowner) = any($1)
			and (p.tableoid, p.oid) not in (select * from members)
		union all
		select 4, k.kind, format('drop %s if exists public.%I cascade', k.kind, t.typname)
		from pg_type t join (values ('d', 'domain'), ('e', 'type'), ('r', 'type'), ('c', 'type'))
			as k (typtype, kind) on k.typtype = t.typtype::text
		where t.typnamespace = 'public'::regnamespace and pg_get_userbyid(t.typowner) = any($1)
			and (t.tableoid, t.oid) not in (select * from members)
			and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
	) as drops`;
