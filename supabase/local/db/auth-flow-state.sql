-- GoTrue's add_flow_state_oauth_context migration (20260115000000): the OAuth context that used to
-- ride in a signed `state` lives in the flow state, whose id is now the state, and implicit flows
-- get a flow state too, so the PKCE columns may be null. Idempotent: it also runs whenever a data
-- folder bootstrapped before it is opened.

alter table auth.flow_state
	add column if not exists invite_token text null,
	add column if not exists referrer text null,
	add column if not exists oauth_client_state_id uuid null,
	add column if not exists linking_target_id uuid null,
	add column if not exists email_optional boolean not null default false;

alter table auth.flow_state
	alter column code_challenge drop not null,
	alter column code_challenge_method drop not null,
	alter column auth_code drop not null;

comment on table auth.flow_state is 'Stores metadata for all OAuth/SSO login flows';
