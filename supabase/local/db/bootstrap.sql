-- What a hosted Supabase project has before the first migration runs: the API roles and their
-- default grants, the `extensions` schema, and the `auth` schema with the tables GoTrue keeps and the
-- helper functions row-level security policies call. Mirrors supabase/postgres init scripts and the
-- GoTrue migrations closely enough that the same migration files run unchanged on both.

-- The roles are in roles.sql: they belong to the cluster, not to one database.

-- The API roles' default grants on `public`, as the hosted init script sets them.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Extensions ----------------------------------------------------------------------------------------
create schema extensions;
create extension pgcrypto with schema extensions;
create extension "uuid-ossp" with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- Auth schema ---------------------------------------------------------------------------------------
create schema auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, postgres;

create table auth.users (
	instance_id uuid,
	id uuid not null primary key,
	aud varchar(255),
	role varchar(255),
	email varchar(255),
	encrypted_password varchar(255),
	email_confirmed_at timestamptz,
	invited_at timestamptz,
	confirmation_token varchar(255),
	confirmation_sent_at timestamptz,
	recovery_token varchar(255),
	recovery_sent_at timestamptz,
	email_change_token_new varchar(255),
	email_change varchar(255),
	email_change_sent_at timestamptz,
	last_sign_in_at timestamptz,
	raw_app_meta_data jsonb,
	raw_user_meta_data jsonb,
	is_super_admin boolean,
	created_at timestamptz,
	updated_at timestamptz,
	phone text unique default null,
	phone_confirmed_at timestamptz,
	phone_change text default '',
	phone_change_token varchar(255) default '',
	phone_change_sent_at timestamptz,
	confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
	email_change_token_current varchar(255) default '',
	email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
	banned_until timestamptz,
	reauthentication_token varchar(255) default '',
	reauthentication_sent_at timestamptz,
	is_sso_user boolean not null default false,
	deleted_at timestamptz,
	is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index users_instance_id_email_idx on auth.users (instance_id, lower(email));
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

create table auth.identities (
	provider_id text not null,
	user_id uuid not null references auth.users (id) on delete cascade,
	identity_data jsonb not null,
	provider text not null,
	last_sign_in_at timestamptz,
	created_at timestamptz,
	updated_at timestamptz,
	email text generated always as (lower(identity_data ->> 'email')) stored,
	id uuid not null default gen_random_uuid() primary key,
	constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);

create table auth.sessions (
	id uuid not null primary key,
	user_id uuid not null references auth.users (id) on delete cascade,
	created_at timestamptz,
	updated_at timestamptz,
	factor_id uuid,
	aal text,
	not_after timestamptz,
	refreshed_at timestamp,
	user_agent text,
	ip inet,
	tag text
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.refresh_tokens (
	instance_id uuid,
	id bigserial primary key,
	token varchar(255) unique,
	user_id varchar(255),
	revoked boolean,
	created_at timestamptz,
	updated_at timestamptz,
	parent varchar(255),
	session_id uuid references auth.sessions (id) on delete cascade
);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table auth.mfa_amr_claims (
	session_id uuid not null references auth.sessions (id) on delete cascade,
	created_at timestamptz not null,
	updated_at timestamptz not null,
	authentication_method text not null,
	id uuid not null primary key,
	constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table auth.flow_state (
	id uuid not null primary key,
	user_id uuid,
	auth_code text not null,
	code_challenge_method text not null,
	code_challenge text not null,
	provider_type text not null,
	provider_access_token text,
	provider_refresh_token text,
	created_at timestamptz,
	updated_at timestamptz,
	authentication_method text not null,
	auth_code_issued_at timestamptz
);
create index idx_auth_code on auth.flow_state (auth_code);

create table auth.audit_log_entries (
	instance_id uuid,
	id uuid not null primary key,
	payload json,
	created_at timestamptz,
	ip_address varchar(64) not null default ''
);

create table auth.instances (
	id uuid not null primary key,
	uuid uuid,
	raw_base_config text,
	created_at timestamptz,
	updated_at timestamptz
);

create table auth.schema_migrations (version varchar(255) not null primary key);
insert into auth.schema_migrations (version) values ('local-stack-bootstrap-1');

-- The helpers policies call. Current GoTrue definitions: the legacy per-claim setting first, then
-- the JSON claims PostgREST sets per request.
create function auth.uid() returns uuid language sql stable as $$
	select coalesce(
		nullif(current_setting('request.jwt.claim.sub', true), ''),
		(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
	)::uuid
$$;
create function auth.role() returns text language sql stable as $$
	select coalesce(
		nullif(current_setting('request.jwt.claim.role', true), ''),
		(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
	)::text
$$;
create function auth.email() returns text language sql stable as $$
	select coalesce(
		nullif(current_setting('request.jwt.claim.email', true), ''),
		(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
	)::text
$$;
create function auth.jwt() returns jsonb language sql stable as $$
	select coalesce(
		nullif(current_setting('request.jwt.claim', true), ''),
		nullif(current_setting('request.jwt.claims', true), '')
	)::jsonb
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

-- GoTrue owns its tables; the API roles get nothing on them, exactly as on a hosted project.
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
alter table auth.flow_state owner to supabase_auth_admin;
alter table auth.audit_log_entries owner to supabase_auth_admin;
alter table auth.instances owner to supabase_auth_admin;
alter table auth.schema_migrations owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on all functions in schema auth to anon, authenticated, service_role, postgres;

-- Migration bookkeeping, laid out as the Supabase CLI keeps it.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text);
create table supabase_migrations.seed_files (path text not null primary key, hash text not null);
