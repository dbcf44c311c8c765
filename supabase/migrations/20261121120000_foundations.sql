-- =============================================================================================
-- Foundations: the private schema and small helpers every feature migration uses.
-- `private` is not exposed through the REST API; only the server and security definer
-- functions reach it.
-- =============================================================================================

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

-- ---------------------------------------------------------------------------------------------
-- Timestamps
-- ---------------------------------------------------------------------------------------------

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
	new.updated_at := now();
	return new;
end;
$$;

comment on function private.touch_updated_at() is
	'Trigger: keeps updated_at current on every update.';

-- ---------------------------------------------------------------------------------------------
-- Shared value checks (domains keep the rule in one place)
-- ---------------------------------------------------------------------------------------------

create domain public.currency_code as text
	check (value in ('USD', 'EUR', 'DKK', 'NOK', 'SEK'));
comment on domain public.currency_code is 'ISO 4217 code of a currency we bill in.';

create domain public.money_minor as bigint
	check (value >= 0);
comment on domain public.money_minor is
	'An amount in minor units of its currency (cents, øre); never a binary float.';

create domain public.billing_cycle as text
	check (value in ('monthly', 'quarterly', 'semiannually', 'annually'));
comment on domain public.billing_cycle is 'How often a service is invoiced.';

create domain public.country_code as text
	check (value ~ '^[A-Z]{2}$');
comment on domain public.country_code is 'ISO 3166-1 alpha-2 country code, upper case.';
