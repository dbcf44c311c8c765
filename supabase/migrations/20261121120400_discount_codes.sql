-- =============================================================================================
-- Discount codes: checked by the server, never listed. Anyone may ask about one code they
-- already know; nobody but the service role may read the table.
-- =============================================================================================

create table public.discount_codes (
	code text primary key check (code ~ '^[A-Z0-9_-]{3,32}$'),
	percent numeric(5, 2) not null check (percent > 0 and percent <= 100),
	valid_from timestamptz not null default now(),
	valid_until timestamptz,
	max_uses integer check (max_uses > 0),
	uses integer not null default 0 check (uses >= 0),
	first_invoice_only boolean not null default true,
	created_at timestamptz not null default now(),
	check (valid_until is null or valid_until > valid_from),
	check (max_uses is null or uses <= max_uses)
);

comment on table public.discount_codes is
	'Promotion codes: a percentage off, within a validity window and a use limit.';
comment on column public.discount_codes.first_invoice_only is
	'Applies to the first invoice of an order only, never to renewals.';
comment on column public.discount_codes.uses is 'Paid orders that used the code; counted by the server.';

alter table public.discount_codes enable row level security;
revoke all on public.discount_codes from anon, authenticated;

create or replace function public.discount_code_percent(code text)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
	select d.percent
	from public.discount_codes d
	where d.code = upper(btrim(discount_code_percent.code))
		and d.valid_from <= now()
		and (d.valid_until is null or d.valid_until > now())
		and (d.max_uses is null or d.uses < d.max_uses);
$$;

comment on function public.discount_code_percent(text) is
	'The percentage of one valid code, or null for an unknown, expired or used-up code.';

revoke execute on function public.discount_code_percent(text) from public;
grant execute on function public.discount_code_percent(text) to anon, authenticated, service_role;
