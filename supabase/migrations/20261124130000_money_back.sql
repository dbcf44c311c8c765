-- =============================================================================================
-- The money-back guarantee: inside the window (7 days, VPS 14, from the first payment) a customer
-- gets the first invoice back through the gateway, a credit note with a number series of its own,
-- and the service ends. The site refunds at the gateway and deletes the server on the panel first;
-- `record_money_back` then writes the rest once. Service role only.
-- =============================================================================================

create table private.credit_note_counters (
	year integer primary key,
	last_number integer not null default 0
);

comment on table private.credit_note_counters is
	'Last credit note number used per year; its own gapless series beside the invoices''.';

create or replace function private.next_credit_note_number(issued_at timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
	note_year integer := extract(year from issued_at at time zone 'UTC');
	next_number integer;
begin
	insert into private.credit_note_counters as c (year, last_number)
		values (note_year, 1)
		on conflict (year) do update set last_number = c.last_number + 1
		returning last_number into next_number;
	return format('CN-%s-%s', note_year, lpad(next_number::text, 6, '0'));
end;
$$;

create table public.credit_notes (
	id uuid primary key default gen_random_uuid(),
	number text not null unique,
	invoice_id uuid not null unique references public.invoices (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	service_id uuid references public.services (id) on delete set null,
	currency public.currency_code not null,
	subtotal public.money_minor not null,
	tax_rate numeric(5, 2) not null check (tax_rate between 0 and 100),
	tax public.money_minor not null,
	total public.money_minor not null,
	reason text not null check (char_length(reason) between 1 and 2000),
	gateway text not null check (gateway in ('stripe', 'test')),
	gateway_reference text not null,
	issued_at timestamptz not null,
	created_at timestamptz not null default now(),
	check (total = subtotal + tax)
);

comment on table public.credit_notes is
	'Money given back on an invoice (the money-back guarantee), with its own gapless numbers.';

create index credit_notes_user_id_idx on public.credit_notes (user_id, issued_at desc);

alter table public.credit_notes enable row level security;
create policy "Customers read their own credit notes" on public.credit_notes
	for select to authenticated using ((select auth.uid()) = user_id);
revoke insert, update, delete on public.credit_notes from anon, authenticated;

alter table public.billing_notices drop constraint billing_notices_kind_check,
	add constraint billing_notices_kind_check check (kind in ('invoice', 'due', 'overdue',
		'suspension_warning', 'suspended', 'terminated', 'ended', 'renewed', 'refunded'));

create or replace function public.record_money_back(customer uuid, service uuid, at timestamptz,
	window_days integer, reason text, gateway text, refund_reference text, payment_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	i public.invoices;
	note public.credit_notes;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	select * into i from public.invoices x where x.service_id = s.id and x.kind = 'new';
	select * into note from public.credit_notes c where c.invoice_id = i.id;
	if note.id is not null then
		-- Asked again after the refund went through: the same credit note.
		return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'created', false);
	end if;
	if i.id is null or i.status <> 'paid' or i.total = 0
			or s.status not in ('provisioning', 'active', 'suspended') then
		raise exception 'not_refundable' using errcode = 'P0001';
	end if;
	if at > i.paid_at + make_interval(days => window_days) then
		raise exception 'window_closed' using errcode = 'P0001';
	end if;
	insert into public.credit_notes (number, invoice_id, user_id, service_id, currency, subtotal,
		tax_rate, tax, total, reason, gateway, gateway_reference, issued_at)
	values (private.next_credit_note_number(at), i.id, customer, s.id, i.currency,
		i.subtotal - i.discount, i.tax_rate, i.tax, i.total, left(record_money_back.reason, 2000),
		record_money_back.gateway, refund_reference, at)
	returning * into note;
	-- The same row the gateway's refund webhook writes, so that webhook changes nothing after.
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status)
	values (i.id, customer, 'refund', record_money_back.gateway, 'refund:' || payment_reference,
		i.total, i.currency, 'succeeded')
	on conflict (gateway_reference) do update set amount = greatest(public.transactions.amount,
		excluded.amount);
	update public.invoices x set status = 'refunded' where x.id = i.id;
	update public.invoices x set status = 'cancelled'
		where x.service_id = s.id and x.status in ('unpaid', 'overdue');
	update public.services x set status = 'terminated', cancellation_reason = left(record_money_back.reason, 2000)
		where x.id = s.id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, customer, 'terminated', jsonb_build_object('at', at, 'by', 'money_back',
			'credit_note', note.number));
	perform private.owe_notice('refunded', s.id, i.id, customer);
	return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'created', true);
end;
$$;

revoke execute on function public.record_money_back(uuid, uuid, timestamptz, integer, text, text,
	text, text) from public, anon, authenticated;
grant execute on function public.record_money_back(uuid, uuid, timestamptz, integer, text, text,
	text, text) to service_role;
