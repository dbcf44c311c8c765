-- =============================================================================================
-- Pauses: a customer pauses a service for 1 to 3 months for a small fee. The server is suspended
-- on the game panel and the due date moves later by the pause; resuming early gives back the
-- whole unused days. The site server prices the fee and computes the new due date with
-- src/lib/billing (pauseFee, addCycle); these functions refuse what the rules refuse, write the
-- pause and its invoice in one transaction, and start and end it once, guarded by the state it
-- comes from. Service role only.
-- =============================================================================================

alter table public.invoices drop constraint invoices_kind_check;
alter table public.invoices add constraint invoices_kind_check
	check (kind in ('new', 'renewal', 'upgrade', 'pause'));

alter table public.invoice_items drop constraint invoice_items_kind_check;
alter table public.invoice_items add constraint invoice_items_kind_check
	check (kind in ('service', 'upgrade', 'late_fee', 'credit', 'pause'));

alter table public.service_activity drop constraint service_activity_event_check;
alter table public.service_activity add constraint service_activity_event_check
	check (event in ('created', 'paid', 'provisioned', 'started', 'stopped', 'restarted',
		'upgraded', 'renewed', 'cancellation_requested', 'kept', 'suspended', 'unsuspended',
		'cancelled', 'terminated', 'paused', 'resumed'));

create table public.service_pauses (
	id uuid primary key default gen_random_uuid(),
	service_id uuid not null references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	months smallint not null check (months between 1 and 3),
	invoice_id uuid references public.invoices (id) on delete set null,
	status text not null default 'pending'
		check (status in ('pending', 'active', 'ended', 'cancelled')),
	-- Set when the paid pause starts: the server is suspended from starts_at to ends_at, and the
	-- due date moved from due_before by days.
	starts_at timestamptz,
	ends_at timestamptz,
	due_before timestamptz,
	days integer check (days > 0),
	ended_at timestamptz,
	days_returned integer check (days_returned >= 0 and days_returned <= days),
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now(),
	check ((status in ('active', 'ended')) = (starts_at is not null)),
	check ((starts_at is null) = (ends_at is null) and (starts_at is null) = (days is null)),
	check (ends_at > starts_at),
	check ((status = 'ended') = (ended_at is not null))
);

comment on table public.service_pauses is
	'A pause of a service: pending until its invoice is paid, active while the server is suspended, ended at its end or an early resume.';
comment on column public.service_pauses.days is
	'Days the due date moved: due_before + months on the anchor day, minus due_before. The pause lasts as long.';
comment on column public.service_pauses.days_returned is
	'Whole unused days given back on an early resume: the due date moved back by as many.';

-- One open pause (pending or running) per service.
create unique index service_pauses_one_open on public.service_pauses (service_id)
	where status in ('pending', 'active');
create index service_pauses_user_id_idx on public.service_pauses (user_id);
create index service_pauses_ends_idx on public.service_pauses (ends_at) where status = 'active';

create trigger service_pauses_touch before update on public.service_pauses
	for each row execute function private.touch_updated_at();

alter table public.service_pauses enable row level security;

create policy "Customers read their own pauses" on public.service_pauses
	for select to authenticated using ((select auth.uid()) = user_id);

revoke insert, update, delete on public.service_pauses from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Asking for a pause: its invoice (the fee, VAT on top, due now) and the pending pause. A pending
-- pause asked again for the same months and amount is the same one (a new payment for it); any
-- other replaces it, its unpaid invoice cancelled. Refusals are raised as the error's message,
-- one word, for the site to translate.
-- ---------------------------------------------------------------------------------------------

create or replace function public.request_service_pause(customer uuid, service uuid,
	at timestamptz, months integer, amounts jsonb, description text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	p public.profiles;
	pending public.service_pauses;
	fee_amount bigint := (amounts ->> 'fee')::bigint;
	tax_amount bigint := (amounts ->> 'tax')::bigint;
	total_amount bigint := fee_amount + tax_amount;
	asked integer := request_service_pause.months;
	made uuid;
	pause uuid;
begin
	select * into s from public.services x
		where x.id = request_service_pause.service and x.user_id = request_service_pause.customer
		for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if asked is null or asked not between 1 and 3 then
		raise exception 'invalid_months' using errcode = 'P0001';
	end if;
	if fee_amount is null or fee_amount <= 0 or fee_amount % asked <> 0 or tax_amount is null
			or tax_amount < 0 then
		raise exception 'invalid pause amounts %', amounts using errcode = '22023';
	end if;
	if exists (select 1 from public.service_pauses x where x.service_id = s.id
			and x.status = 'active') then
		raise exception 'already_paused' using errcode = 'P0001';
	end if;
	if s.status = 'suspended' then
		raise exception 'suspended' using errcode = 'P0001';
	end if;
	if s.status <> 'active' or s.current_period_end is null
			or s.current_period_end <= request_service_pause.at then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	if s.cancel_at_period_end then
		raise exception 'cancellation_pending' using errcode = 'P0001';
	end if;
	select * into pending from public.service_pauses x
		where x.service_id = s.id and x.status = 'pending' for update;
	-- The pending pause's own invoice is not a debt that refuses it: it is the one being replaced.
	if exists (select 1 from public.invoices i where i.service_id = s.id
			and i.status in ('unpaid', 'overdue')
			and i.id is distinct from pending.invoice_id) then
		raise exception 'unpaid_invoice' using errcode = 'P0001';
	end if;
	if pending.id is not null then
		if pending.months = asked and exists (select 1 from public.invoices i
				where i.id = pending.invoice_id and i.status = 'unpaid'
					and i.total = total_amount) then
			return jsonb_build_object('created', false, 'pause_id', pending.id,
				'invoice_id', pending.invoice_id, 'total', total_amount, 'currency', s.currency);
		end if;
		update public.invoices i set status = 'cancelled'
			where i.id = pending.invoice_id and i.status = 'unpaid';
		update public.service_pauses x set status = 'cancelled' where x.id = pending.id;
	end if;
	select * into p from public.profiles x where x.id = s.user_id;
	insert into public.invoices (number, user_id, service_id, kind, currency, subtotal, tax_rate,
		tax, total, period_start, period_end, issued_at, due_at, billing_name, billing_company,
		billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number)
	values (private.next_invoice_number(request_service_pause.at), s.user_id, s.id, 'pause',
		s.currency, fee_amount, (amounts ->> 'tax_rate')::numeric, tax_amount, total_amount,
		null, null, request_service_pause.at, request_service_pause.at,
		btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
		coalesce(p.company, ''), coalesce(p.address, ''), coalesce(p.postal_code, ''),
		coalesce(p.city, ''), p.country, coalesce(p.vat_number, ''))
	returning id into made;
	insert into public.invoice_items (invoice_id, user_id, kind, description, quantity,
		unit_amount, amount)
	values (made, s.user_id, 'pause', left(request_service_pause.description, 300), asked,
		fee_amount / asked, fee_amount);
	insert into public.service_pauses (service_id, user_id, months, invoice_id)
		values (s.id, s.user_id, asked, made)
		returning id into pause;
	return jsonb_build_object('created', true, 'pause_id', pause, 'invoice_id', made,
		'total', total_amount, 'currency', s.currency);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- A paid pause starts once the game panel has suspended the server: the due date moves from
-- due_from (the service's due date the site computed from) to due_to, the service is suspended,
-- and the pause runs for as many days as the due date moved. Refused unless the pause is pending
-- with its invoice paid and the service active, not being cancelled and with nothing unpaid; a
-- refusal other than a moved due date cancels the pause and flags the paid invoice for a refund.
-- ---------------------------------------------------------------------------------------------

create or replace function public.start_service_pause(invoice uuid, at timestamptz,
	due_from timestamptz, due_to timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	pause public.service_pauses;
	s public.services;
	old_due timestamptz := start_service_pause.due_from;
	new_due timestamptz := start_service_pause.due_to;
	since timestamptz := start_service_pause.at;
	shift integer := (new_due at time zone 'UTC')::date - (old_due at time zone 'UTC')::date;
	refusal text;
begin
	select x.* into pause from public.service_pauses x
		join public.invoices i on i.id = x.invoice_id
		where x.invoice_id = start_service_pause.invoice and x.status = 'pending'
			and i.status = 'paid'
		for update of x;
	if pause.id is null then
		-- Paid after another request replaced it: nothing starts, an operator refunds it.
		update public.invoices i set review_reason = 'Pause paid after it was replaced: refund it'
			where i.id = start_service_pause.invoice and i.status = 'paid'
				and i.review_reason is null
				and exists (select 1 from public.service_pauses x where x.invoice_id = i.id
					and x.status = 'cancelled');
		return jsonb_build_object('started', false, 'reason', 'not_pending');
	end if;
	select * into s from public.services x where x.id = pause.service_id for update;
	if s.current_period_end is distinct from old_due then
		return jsonb_build_object('started', false, 'reason', 'moved');
	end if;
	refusal := case
		when s.status <> 'active' then 'not_active'
		when s.cancel_at_period_end then 'cancellation_pending'
		when shift <= 0 or new_due - old_due <> make_interval(days => shift) then 'invalid_due_date'
		when exists (select 1 from public.invoices i where i.service_id = s.id
			and i.status in ('unpaid', 'overdue')) then 'unpaid_invoice'
	end;
	if refusal is not null then
		update public.service_pauses x set status = 'cancelled' where x.id = pause.id;
		update public.invoices i set review_reason = left(format(
			'Pause paid but not started (%s): refund it', refusal), 500)
			where i.id = pause.invoice_id;
		return jsonb_build_object('started', false, 'reason', refusal);
	end if;
	update public.services x set current_period_end = new_due, status = 'suspended'
		where x.id = s.id;
	update public.service_pauses x set status = 'active', starts_at = since,
		ends_at = since + make_interval(days => shift), due_before = old_due, days = shift
		where x.id = pause.id
		returning * into pause;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, s.user_id, 'paused', jsonb_build_object('invoice_id', pause.invoice_id,
			'months', pause.months, 'until', pause.ends_at, 'due', new_due));
	return jsonb_build_object('started', true, 'service_id', s.id, 'ends_at', pause.ends_at,
		'period_end', new_due);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The end of a running pause, since its end or early, once the game panel has unsuspended the
-- server: the due date moves back by the whole unused days (24 hours each; the day under way
-- counts as used), the service is active again. The fee is not refunded.
-- ---------------------------------------------------------------------------------------------

create or replace function public.end_service_pause(service uuid, at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	pause public.service_pauses;
	s public.services;
	unused integer;
begin
	select * into pause from public.service_pauses x
		where x.service_id = end_service_pause.service and x.status = 'active' for update;
	if pause.id is null then
		return jsonb_build_object('ended', false);
	end if;
	unused := least(pause.days, greatest(0,
		floor(extract(epoch from (pause.ends_at - end_service_pause.at)) / 86400)::integer));
	update public.services x
		set current_period_end = x.current_period_end - make_interval(days => unused),
			status = case when x.status = 'suspended' then 'active' else x.status end
		where x.id = pause.service_id and x.status in ('active', 'suspended')
		returning * into s;
	update public.service_pauses x set status = 'ended', ended_at = end_service_pause.at,
		days_returned = unused
		where x.id = pause.id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (pause.service_id, pause.user_id, 'resumed', jsonb_build_object(
			'at', end_service_pause.at, 'days_returned', unused, 'due', s.current_period_end));
	return jsonb_build_object('ended', true, 'service_id', pause.service_id,
		'days_returned', unused, 'period_end', s.current_period_end);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call them: the site server only.
-- ---------------------------------------------------------------------------------------------

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.request_service_pause(uuid, uuid, timestamptz, integer, jsonb, text)',
		'public.start_service_pause(uuid, timestamptz, timestamptz, timestamptz)',
		'public.end_service_pause(uuid, timestamptz)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;

-- The billing run must know a service is paused: suspended with its period ahead and no renewal
-- invoice would otherwise look like a renewal the panel failed to unsuspend.
create or replace function public.billing_candidates(at timestamptz, notice_days integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select coalesce(jsonb_agg(jsonb_build_object(
		'id', s.id, 'user_id', s.user_id, 'status', s.status, 'product_type', s.product_type,
		'game', s.game, 'plan_id', s.plan_id, 'ram_gb', s.ram_gb, 'billing_cycle', s.billing_cycle,
		'currency', s.currency, 'recurring_amount', s.recurring_amount,
		'anchor_day', coalesce(s.anchor_day, extract(day from s.current_period_start at time zone 'UTC')),
		'period_end', s.current_period_end, 'cancel_at_period_end', s.cancel_at_period_end,
		'panel_server_id', s.panel_server_id, 'panel_identifier', s.panel_identifier,
		'country', p.country, 'locale', p.preferred_locale,
		'gateway_customer_id', p.stripe_customer_id,
		'paused', exists (select 1 from public.service_pauses sp where sp.service_id = s.id
			and sp.status = 'active'),
		'saved_method', (select m.gateway_reference from public.payment_methods m
			where m.user_id = s.user_id order by m.is_default desc, m.created_at desc limit 1),
		'invoice', (select jsonb_build_object('id', i.id, 'status', i.status, 'total', i.total,
				'late_fee', i.late_fee, 'charge_attempts', i.charge_attempts, 'due_at', i.due_at)
			from public.invoices i
			where i.service_id = s.id and i.kind = 'renewal' and i.status <> 'cancelled'
				and i.period_start = s.current_period_end)
	) order by s.current_period_end), '[]'::jsonb)
	from public.services s
	left join public.profiles p on p.id = s.user_id
	-- Suspended ones always: one renewed while the panel was down still waits to come back.
	where s.status = 'suspended'
		or (s.status = 'active' and s.current_period_end <= at + make_interval(days => notice_days));
$$;
