-- =============================================================================================
-- Profiles: one per auth user, created from the sign-up metadata, editable by its owner.
-- =============================================================================================

create table public.profiles (
	id uuid primary key references auth.users (id) on delete cascade,
	first_name text not null default '' check (char_length(first_name) <= 100),
	last_name text not null default '' check (char_length(last_name) <= 100),
	address text not null default '' check (char_length(address) <= 200),
	postal_code text not null default '' check (char_length(postal_code) <= 20),
	city text not null default '' check (char_length(city) <= 100),
	country public.country_code,
	company text not null default '' check (char_length(company) <= 200),
	vat_number text not null default '' check (char_length(vat_number) <= 30),
	preferred_locale text not null default 'en' check (preferred_locale in ('en', 'no', 'da', 'de')),
	preferred_currency public.currency_code not null default 'EUR',
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now()
);

comment on table public.profiles is
	'The customer behind an auth user: billing name and address, language and currency.';
comment on column public.profiles.country is
	'Billing country; decides the VAT rate. Null until the customer gives it.';
comment on column public.profiles.vat_number is
	'EU/EEA VAT number for business customers; empty for consumers.';

create trigger profiles_touch before update on public.profiles
	for each row execute function private.touch_updated_at();

alter table public.profiles enable row level security;

create policy "Customers read their own profile" on public.profiles
	for select to authenticated using ((select auth.uid()) = id);

create policy "Customers update their own profile" on public.profiles
	for update to authenticated
	using ((select auth.uid()) = id)
	with check ((select auth.uid()) = id);

-- Rows are created by the trigger below and removed with the auth user, never by the API;
-- and a customer may change only the fields that are theirs to change.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (first_name, last_name, address, postal_code, city, country, company, vat_number,
	preferred_locale, preferred_currency) on public.profiles to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Create the profile when an auth user signs up
-- ---------------------------------------------------------------------------------------------

create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
	meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
	wanted_locale text := meta ->> 'locale';
	wanted_country text := upper(meta ->> 'country');
begin
	insert into public.profiles (id, first_name, last_name, preferred_locale, country)
	values (
		new.id,
		left(coalesce(meta ->> 'first_name', ''), 100),
		left(coalesce(meta ->> 'last_name', ''), 100),
		case when wanted_locale in ('en', 'no', 'da', 'de') then wanted_locale else 'en' end,
		case when wanted_country ~ '^[A-Z]{2}$' then wanted_country end
	);
	return new;
end;
$$;

comment on function private.create_profile_for_new_user() is
	'Trigger on auth.users: creates the profile from sign-up metadata (names, locale, country).';

create trigger on_auth_user_created after insert on auth.users
	for each row execute function private.create_profile_for_new_user();
