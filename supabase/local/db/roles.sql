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
-- Only what is missing: granting again needs admin option on those roles, which a user that found
-- them made (a managed server's pre-created roles) may not have.
do $$
declare
	api_role text;
begin
	foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
		if not pg_has_role('authenticator', api_role, 'member') then
			execute format('grant %I to authenticator', api_role);
		end if;
	end loop;
end
$$;
