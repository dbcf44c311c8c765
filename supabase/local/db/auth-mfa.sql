-- GoTrue's multi-factor tables (its add_mfa_schema migration and the later phone/WebAuthn columns),
-- in their own file so a data folder made before they existed gains them when it is next opened.
-- auth.sessions.aal and factor_id and auth.mfa_amr_claims are in bootstrap.sql from the start.

create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
create type auth.factor_status as enum ('unverified', 'verified');

create table auth.mfa_factors (
	id uuid not null primary key,
	user_id uuid not null references auth.users (id) on delete cascade,
	friendly_name text,
	factor_type auth.factor_type not null,
	status auth.factor_status not null,
	created_at timestamptz not null,
	updated_at timestamptz not null,
	secret text,
	phone text unique default null,
	last_challenged_at timestamptz unique default null,
	web_authn_credential jsonb,
	web_authn_aaguid uuid
);
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
	where trim(friendly_name) <> '';
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';

create table auth.mfa_challenges (
	id uuid not null primary key,
	factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
	created_at timestamptz not null,
	verified_at timestamptz,
	ip_address inet not null,
	otp_code text,
	web_authn_session_data jsonb
);
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';

alter type auth.factor_type owner to supabase_auth_admin;
alter type auth.factor_status owner to supabase_auth_admin;
alter table auth.mfa_factors owner to supabase_auth_admin;
alter table auth.mfa_challenges owner to supabase_auth_admin;

-- As on a hosted project: row-level security on with no policy, and no grants to the API roles. A
-- policy that asks about a user's factors does so through a security definer function; a bare
-- `grant select` would see no rows rather than fail, here as there.
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
