-- The API roles as a hosted project has them. Roles belong to the whole cluster, so on PostgreSQL a
-- second database (another checkout, a test's copy) finds them made already: each is created only
-- when missing, and the grants are idempotent.
do $$
declare
	spec record;
begin
	for spec in
		select * from (values
			('supabase_admin', 'nologin noinherit createrole bypassrls'),
			('anon', 'nologin noinherit'),
			('authenticated', 'nologin noinherit'),
			('service_role', 'nologin noinherit bypassrls'),
			('authenticator', 'login noinherit'),
			('supabase_auth_admin', 'login noinherit createrole'),
			('postgres', 'login')
		) as r (name, attributes)
	loop
		if not exists (select 1 from pg_roles where rolname = spec.name) then
			execute format('create role %I %s', spec.name, spec.attributes);
		end if;
	end loop;
end
$$;
grant anon, authenticated, service_role to authenticator;
