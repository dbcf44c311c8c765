-- =============================================================================================
-- Services: what a customer bought (a game server or a VPS), and what happened to it.
-- State changes come from the server (service role) or the RPC functions below, which check
-- ownership and state themselves; customers never write these tables directly.
-- =============================================================================================

create table public.services (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	product_type text not null check (product_type in ('game', 'vps')),
	game text check (game ~ '^[a-z0-9-]+$'),
	plan_id text not null,
	tier text not null check (tier in ('budget', 'premium', 'standard')),
	label text not null default '' check (char_length(label) <= 60),
	ram_gb integer not null check (ram_gb between 1 and 256),
	storage_gb integer not null check (storage_gb between 1 and 4096),
	modpack_installation boolean not null default false,
	ddos_protection boolean not null default true,
	daily_backups boolean not null default true,
	subdomain text check (subdomain ~ '^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$'),
	billing_cycle public.billing_cycle not null,
	currency public.currency_code not null,
	recurring_amount public.money_minor not null,
	status text not null default 'pending_payment' check (status in
		('pending_payment', 'provisioning', 'active', 'suspended', 'cancelled', 'terminated')),
	cancel_at_period_end boolean not null default false,
	cancellation_reason text check (char_length(cancellation_reason) <= 2000),
	cancellation_requested_at timestamptz,
	current_period_start timestamptz,
	current_period_end timestamptz,
	panel_server_id text,
	panel_identifier text,
	panel_url text,
	location text not null default 'oslo',
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now(),
	check ((product_type = 'game') = (game is not null)),
	check (current_period_end is null or current_period_end > current_period_start),
	check (not cancel_at_period_end or cancellation_reason is not null)
);

comment on table public.services is
	'A game server or VPS a customer bought, with its configuration, price and lifecycle.';
comment on column public.services.plan_id is 'Catalogue plan id, e.g. palworld-standard or vps-premium.';
comment on column public.services.recurring_amount is
	'Price of one billing cycle excluding VAT, fixed at purchase (no first-invoice discount).';
comment on column public.services.status is
	'pending_payment → provisioning → active ⇄ suspended → cancelled or terminated.';
comment on column public.services.cancel_at_period_end is
	'Pending cancellation: the service ends and is deleted at current_period_end.';
comment on column public.services.current_period_end is 'End of the paid period: the next due date.';
comment on column public.services.panel_server_id is 'Id of the server in the game panel (Pterodactyl).';
comment on column public.services.panel_identifier is 'Short identifier the game panel uses in its URLs.';

create index services_user_id_idx on public.services (user_id);
create index services_period_end_idx on public.services (current_period_end)
	where status in ('active', 'suspended');

create trigger services_touch before update on public.services
	for each row execute function private.touch_updated_at();

alter table public.services enable row level security;

create policy "Customers read their own services" on public.services
	for select to authenticated using ((select auth.uid()) = user_id);

revoke insert, update, delete on public.services from anon, authenticated;

-- =============================================================================================
-- Activity: the history shown in the panel
-- =============================================================================================

create table public.service_activity (
	id bigint generated always as identity primary key,
	service_id uuid not null references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	event text not null check (event in ('created', 'paid', 'provisioned', 'started', 'stopped',
		'restarted', 'upgraded', 'renewed', 'cancellation_requested', 'kept', 'suspended',
		'unsuspended', 'cancelled', 'terminated')),
	detail jsonb not null default '{}'::jsonb,
	created_at timestamptz not null default now()
);

comment on table public.service_activity is 'What happened to a service and when, newest last.';
comment on column public.service_activity.user_id is
	'Owner of the service, copied so the policy needs no join.';

create index service_activity_service_idx on public.service_activity (service_id, created_at);
create index service_activity_user_id_idx on public.service_activity (user_id);

alter table public.service_activity enable row level security;

create policy "Customers read their own service activity" on public.service_activity
	for select to authenticated using ((select auth.uid()) = user_id);

revoke insert, update, delete on public.service_activity from anon, authenticated;

-- =============================================================================================
-- RPC: cancellation and keeping the server
-- Errors use SQLSTATE P0001 with a stable message key the site translates.
-- =============================================================================================

create or replace function public.request_cancellation(service_id uuid, reason text)
returns public.services
language plpgsql
security definer
set search_path = ''
as $$
declare
	service public.services;
	clean_reason text := btrim(coalesce(reason, ''));
begin
	if clean_reason = '' then
		raise exception 'reason_required' using errcode = 'P0001', hint = 'A reason is required.';
	end if;
	select * into service from public.services s
		where s.id = request_cancellation.service_id and s.user_id = (select auth.uid())
		for update;
	if not found then
		raise exception 'service_not_found' using errcode = 'P0001';
	end if;
	if service.cancel_at_period_end then
		return service; -- already requested: asking again changes nothing
	end if;
	if service.status not in ('active', 'suspended') then
		raise exception 'service_not_active' using errcode = 'P0001';
	end if;
	update public.services s
		set cancel_at_period_end = true,
			cancellation_reason = left(clean_reason, 2000),
			cancellation_requested_at = now()
		where s.id = service.id
		returning * into service;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service.id, service.user_id, 'cancellation_requested',
			jsonb_build_object('ends_at', service.current_period_end));
	return service;
end;
$$;

comment on function public.request_cancellation(uuid, text) is
	'The owner asks to end a service at the end of its period; a reason is required. Idempotent.';

create or replace function public.keep_service(service_id uuid)
returns public.services
language plpgsql
security definer
set search_path = ''
as $$
declare
	service public.services;
begin
	select * into service from public.services s
		where s.id = keep_service.service_id and s.user_id = (select auth.uid())
		for update;
	if not found then
		raise exception 'service_not_found' using errcode = 'P0001';
	end if;
	if not service.cancel_at_period_end then
		return service; -- nothing pending: keeping it again changes nothing
	end if;
	if service.status not in ('active', 'suspended') then
		raise exception 'service_not_active' using errcode = 'P0001';
	end if;
	update public.services s
		set cancel_at_period_end = false, cancellation_reason = null, cancellation_requested_at = null
		where s.id = service.id
		returning * into service;
	insert into public.service_activity (service_id, user_id, event)
		values (service.id, service.user_id, 'kept');
	return service;
end;
$$;

comment on function public.keep_service(uuid) is
	'The owner withdraws a pending cancellation ("keep server"). Idempotent.';

revoke execute on function public.request_cancellation(uuid, text) from public, anon;
revoke execute on function public.keep_service(uuid) from public, anon;
grant execute on function public.request_cancellation(uuid, text) to authenticated, service_role;
grant execute on function public.keep_service(uuid) to authenticated, service_role;
