-- =============================================================================================
-- The billing engine: renewal invoices, off-session charges, overdue invoices with a late fee,
-- suspension, termination, the end of pending cancellations, and renewals that extend the period
-- from the old due date. The site server decides with src/lib/billing (dates, fees, tax) on a clock
-- it is given; these functions store each step once, with guards, so a run repeated at the same
-- moment, or two runs at once, change nothing twice. Service role only.
-- =============================================================================================

alter table public.services
	add column anchor_day smallint check (anchor_day between 1 and 31);

comment on column public.services.anchor_day is
	'Day of the month periods end on (the activation day); shorter months end on their last day.';

update public.services set anchor_day = extract(day from current_period_start at time zone 'UTC')
	where current_period_start is not null;

alter table public.invoices
	add column charge_attempts smallint not null default 0;

comment on column public.invoices.charge_attempts is
	'Off-session charges of the saved card tried so far (due date, then days 1 and 3 after).';

-- One renewal invoice per service and period, however many runs there are.
create unique index invoices_one_renewal_per_period on public.invoices (service_id, period_start)
	where kind = 'renewal' and status <> 'cancelled';

-- ---------------------------------------------------------------------------------------------
-- Mail to send, written in the transaction of the step it reports (an outbox): a crash after
-- the step never loses its mail, and a step taken once is reported once.
-- ---------------------------------------------------------------------------------------------

create table public.billing_notices (
	id bigint generated always as identity primary key,
	dedupe_key text not null unique,
	user_id uuid not null references auth.users (id) on delete cascade,
	service_id uuid references public.services (id) on delete cascade,
	invoice_id uuid references public.invoices (id) on delete cascade,
	kind text not null check (kind in ('invoice', 'due', 'overdue', 'suspension_warning',
		'suspended', 'terminated', 'ended', 'renewed')),
	created_at timestamptz not null default now(),
	sent_at timestamptz
);

comment on table public.billing_notices is
	'Billing mails owed to customers; sent by the billing run, each once (dedupe_key).';

create index billing_notices_unsent_idx on public.billing_notices (id) where sent_at is null;

alter table public.billing_notices enable row level security;
revoke all on public.billing_notices from anon, authenticated;

create or replace function private.owe_notice(kind text, service uuid, invoice uuid, owner uuid)
returns void
language sql
set search_path = ''
as $$
	insert into public.billing_notices (dedupe_key, user_id, service_id, invoice_id, kind)
	values (kind || ':' || coalesce(invoice::text, service::text), owner, service, invoice, kind)
	on conflict (dedupe_key) do nothing;
$$;

-- ---------------------------------------------------------------------------------------------
-- The run's lock: a lease in a row, so it holds across pooled connections and site servers.
-- ---------------------------------------------------------------------------------------------

create table private.billing_lock (
	id integer primary key check (id = 1),
	holder text,
	locked_until timestamptz not null default '-infinity'
);
insert into private.billing_lock (id) values (1);

create or replace function public.billing_lock_acquire(holder text, seconds integer)
returns boolean
language sql
security definer
set search_path = ''
as $$
	update private.billing_lock l set holder = billing_lock_acquire.holder,
		locked_until = clock_timestamp() + make_interval(secs => seconds)
		where l.id = 1 and (l.locked_until < clock_timestamp() or l.holder = billing_lock_acquire.holder)
		returning true;
$$;

create or replace function public.billing_lock_release(holder text)
returns void
language sql
security definer
set search_path = ''
as $$
	update private.billing_lock l set locked_until = '-infinity'
		where l.id = 1 and l.holder = billing_lock_release.holder;
$$;

-- ---------------------------------------------------------------------------------------------
-- What the run looks at: active services within a notice period of their due date (or past it)
-- and suspended ones, with the renewal invoice of the coming period, the customer's country and
-- saved card.
-- ---------------------------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------------------------
-- The steps
-- ---------------------------------------------------------------------------------------------

create or replace function public.issue_renewal_invoice(service uuid, at timestamptz,
	period_end timestamptz, amounts jsonb, description text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	p public.profiles;
	made uuid;
begin
	select * into s from public.services x where x.id = service for update;
	if s.id is null or s.status not in ('active', 'suspended') or s.cancel_at_period_end then
		return jsonb_build_object('created', false);
	end if;
	-- Checked under the service's lock rather than left to the unique index: a refused insert
	-- would still have taken an invoice number, and the numbers must have no gaps.
	if exists (select 1 from public.invoices x where x.service_id = s.id and x.kind = 'renewal'
			and x.status <> 'cancelled' and x.period_start = s.current_period_end) then
		return jsonb_build_object('created', false);
	end if;
	select * into p from public.profiles x where x.id = s.user_id;
	insert into public.invoices (number, user_id, service_id, kind, currency, subtotal, tax_rate, tax,
		total, period_start, period_end, issued_at, due_at, billing_name, billing_company,
		billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number)
	values (private.next_invoice_number(at), s.user_id, s.id, 'renewal', s.currency,
		s.recurring_amount,
		(amounts ->> 'tax_rate')::numeric, (amounts ->> 'tax')::bigint,
		s.recurring_amount + (amounts ->> 'tax')::bigint, s.current_period_end,
		issue_renewal_invoice.period_end, at, s.current_period_end,
		btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
		coalesce(p.company, ''), coalesce(p.address, ''), coalesce(p.postal_code, ''),
		coalesce(p.city, ''), p.country, coalesce(p.vat_number, ''))
	returning id into made;
	insert into public.invoice_items (invoice_id, user_id, kind, description, unit_amount, amount)
		values (made, s.user_id, 'service', left(description, 300), s.recurring_amount,
			s.recurring_amount);
	perform private.owe_notice('invoice', s.id, made, s.user_id);
	return jsonb_build_object('created', true, 'invoice_id', made);
end;
$$;

create or replace function public.mark_invoice_overdue(invoice uuid, at timestamptz,
	late_fee bigint, description text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	i public.invoices;
begin
	select * into i from public.invoices x where x.id = invoice for update;
	if i.id is null or i.status not in ('unpaid', 'overdue') or at <= i.due_at then
		return false;
	end if;
	if i.status = 'overdue' and i.late_fee = mark_invoice_overdue.late_fee then
		return false;
	end if;
	delete from public.invoice_items x where x.invoice_id = i.id and x.kind = 'late_fee';
	if mark_invoice_overdue.late_fee > 0 then
		insert into public.invoice_items (invoice_id, user_id, position, kind, description,
			quantity, unit_amount, amount, taxable)
		values (i.id, i.user_id, 2, 'late_fee', left(description, 300), 1,
			mark_invoice_overdue.late_fee, mark_invoice_overdue.late_fee, false);
	end if;
	update public.invoices x set status = 'overdue', late_fee = mark_invoice_overdue.late_fee,
		total = i.subtotal - i.discount + i.tax + mark_invoice_overdue.late_fee
		where x.id = i.id;
	return true;
end;
$$;

create or replace function public.record_charge_attempt(invoice uuid, attempts integer,
	error text)
returns void
language sql
security definer
set search_path = ''
as $$
	update public.invoices i set charge_attempts = greatest(i.charge_attempts, attempts),
		last_payment_error = coalesce(nullif(left(error, 500), ''), i.last_payment_error)
		where i.id = invoice and i.status in ('unpaid', 'overdue');
$$;

create or replace function public.owe_billing_notice(kind text, invoice uuid)
returns void
language sql
security definer
set search_path = ''
as $$
	select private.owe_notice(owe_billing_notice.kind, i.service_id, i.id, i.user_id)
		from public.invoices i where i.id = invoice and i.status in ('unpaid', 'overdue');
$$;

-- A state change the run has already made on the game panel (suspend, unsuspend, delete), or the
-- end of a pending cancellation. Guarded by the state it comes from, so it is taken once.
create or replace function public.set_service_billing_state(service uuid, state text,
	at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	owner uuid;
	allowed text[] := case state
		when 'suspended' then array['active']
		when 'active' then array['suspended']
		when 'terminated' then array['active', 'suspended']
		when 'cancelled' then array['active', 'suspended']
	end;
begin
	if allowed is null then
		raise exception 'unknown billing state %', state using errcode = '22023';
	end if;
	update public.services s set status = state
		where s.id = service and s.status = any (allowed)
			and (state <> 'cancelled' or s.cancel_at_period_end)
		returning s.user_id into owner;
	if owner is null then
		return false;
	end if;
	if state in ('terminated', 'cancelled') then
		update public.invoices i set status = 'cancelled'
			where i.service_id = service and i.status in ('unpaid', 'overdue');
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service, owner, case state when 'active' then 'unsuspended' else state end,
			jsonb_build_object('at', at, 'by', 'billing'));
	if state <> 'active' then
		perform private.owe_notice(case state when 'cancelled' then 'ended' else state end,
			service, null, owner);
	end if;
	return true;
end;
$$;

-- A batch of owed mail with everything a mail says: address, language, service and invoice.
create or replace function public.billing_notices_due(max integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'kind', n.kind, 'email', u.email,
		'locale', p.preferred_locale, 'plan_id', s.plan_id, 'number', i.number, 'total', i.total,
		'currency', i.currency, 'due_at', i.due_at) order by n.id), '[]'::jsonb)
	from (select * from public.billing_notices x where x.sent_at is null order by x.id limit max) n
	join auth.users u on u.id = n.user_id
	left join public.profiles p on p.id = n.user_id
	left join public.services s on s.id = n.service_id
	left join public.invoices i on i.id = n.invoice_id;
$$;

create or replace function public.mark_notices_sent(notices bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
	update public.billing_notices set sent_at = now() where id = any (notices) and sent_at is null;
$$;

-- ---------------------------------------------------------------------------------------------
-- A paid renewal extends the period from the old due date, whenever it was paid.
-- ---------------------------------------------------------------------------------------------

create or replace function public.extend_service_period(invoice uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	i public.invoices;
	s public.services;
begin
	select * into i from public.invoices x where x.id = invoice;
	if i.id is null or i.kind <> 'renewal' or i.status <> 'paid' then
		return jsonb_build_object('extended', false);
	end if;
	update public.services x set current_period_start = i.period_start,
		current_period_end = i.period_end
		where x.id = i.service_id and x.current_period_end = i.period_start
		returning * into s;
	if s.id is null then
		return jsonb_build_object('extended', false);
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, s.user_id, 'renewed',
			jsonb_build_object('invoice_id', i.id, 'until', i.period_end));
	perform private.owe_notice('renewed', s.id, i.id, s.user_id);
	return jsonb_build_object('extended', true, 'service_id', s.id, 'status', s.status,
		'panel_server_id', s.panel_server_id, 'panel_identifier', s.panel_identifier);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- A saved card, from a paid event that carried one; the first becomes the default.
-- ---------------------------------------------------------------------------------------------

create or replace function public.save_payment_method(owner uuid, gateway text, reference text,
	brand text, last4 text, exp_month integer, exp_year integer)
returns void
language sql
security definer
set search_path = ''
as $$
	insert into public.payment_methods (user_id, gateway, gateway_reference, brand, last4,
		exp_month, exp_year, is_default)
	values (owner, gateway, reference, brand, last4, exp_month, exp_year,
		not exists (select 1 from public.payment_methods m where m.user_id = owner and m.is_default))
	on conflict (gateway_reference) do update set brand = excluded.brand, last4 = excluded.last4,
		exp_month = excluded.exp_month, exp_year = excluded.exp_year;
$$;

-- ---------------------------------------------------------------------------------------------
-- Activation remembers the anchor day of the periods to come.
-- ---------------------------------------------------------------------------------------------

create or replace function private.anchor_on_activation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
	if new.current_period_start is not null and new.anchor_day is null then
		new.anchor_day := extract(day from new.current_period_start at time zone 'UTC');
	end if;
	return new;
end;
$$;

create trigger services_anchor_day before insert or update of current_period_start
	on public.services for each row execute function private.anchor_on_activation();

-- ---------------------------------------------------------------------------------------------
-- Who may call them: the site server only.
-- ---------------------------------------------------------------------------------------------

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.billing_lock_acquire(text, integer)',
		'public.billing_lock_release(text)',
		'public.billing_candidates(timestamptz, integer)',
		'public.issue_renewal_invoice(uuid, timestamptz, timestamptz, jsonb, text)',
		'public.mark_invoice_overdue(uuid, timestamptz, bigint, text)',
		'public.record_charge_attempt(uuid, integer, text)',
		'public.owe_billing_notice(text, uuid)',
		'public.set_service_billing_state(uuid, text, timestamptz)',
		'public.billing_notices_due(integer)',
		'public.mark_notices_sent(bigint[])',
		'public.extend_service_period(uuid)',
		'public.save_payment_method(uuid, text, text, text, text, integer, integer)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;
