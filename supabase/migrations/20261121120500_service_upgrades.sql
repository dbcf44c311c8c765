-- =============================================================================================
-- Upgrades: a change of RAM, storage or extras during a period, charged pro rata.
-- =============================================================================================

create table public.service_upgrades (
	id uuid primary key default gen_random_uuid(),
	service_id uuid not null references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	from_config jsonb not null,
	to_config jsonb not null,
	currency public.currency_code not null,
	prorated_amount public.money_minor not null,
	new_recurring_amount public.money_minor not null,
	invoice_id uuid references public.invoices (id) on delete set null,
	status text not null default 'pending' check (status in ('pending', 'paid', 'applied', 'cancelled')),
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now()
);

comment on table public.service_upgrades is
	'An upgrade order: from and to configuration, the pro-rata charge and its invoice.';
comment on column public.service_upgrades.prorated_amount is
	'(new cycle amount - old) * days left / days in period, before VAT.';
comment on column public.service_upgrades.new_recurring_amount is 'Cycle price from the next period on.';

create index service_upgrades_service_idx on public.service_upgrades (service_id);
create index service_upgrades_user_id_idx on public.service_upgrades (user_id);

create trigger service_upgrades_touch before update on public.service_upgrades
	for each row execute function private.touch_updated_at();

alter table public.service_upgrades enable row level security;

create policy "Customers read their own upgrades" on public.service_upgrades
	for select to authenticated using ((select auth.uid()) = user_id);

revoke insert, update, delete on public.service_upgrades from anon, authenticated;
