-- =============================================================================================
-- Each SQL rule is written once (issue 28 item 3). The invoice insert with its billing-detail
-- snapshot was written out in place_order, issue_renewal_invoice, request_service_pause and
-- request_service_upgrade, and numbers came from two copies of one counter (next_invoice_number,
-- next_credit_note_number). Now:
--   private.next_number(series, at)  the next gapless number of a series in the year of `at`;
--   private.issue_invoice(...)       an invoice, its billing details and its line;
-- and the four writers (and record_money_back) call them. Same signatures, grants and results.
-- mark_invoice_overdue stays as it is: it adds the late-fee line to an invoice that exists.
-- Where a function's current definition lives: supabase/migrations/README.md.
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- Numbers: one counter table, one function. The rows of the two old tables move over unchanged,
-- so each series continues where it stood.
-- ---------------------------------------------------------------------------------------------

create table private.number_counters (
	series text not null check (series in ('invoice', 'credit_note')),
	year integer not null,
	last_number integer not null default 0,
	primary key (series, year)
);

comment on table private.number_counters is
	'Last number used per series and year; locked row by row so numbers never repeat or skip.';

insert into private.number_counters (series, year, last_number)
	select 'invoice', c.year, c.last_number from private.invoice_number_counters c
	union all
	select 'credit_note', c.year, c.last_number from private.credit_note_counters c;

create function private.next_number(series text, at timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
	number_year integer := extract(year from next_number.at at time zone 'UTC');
	counted integer;
begin
	insert into private.number_counters as c (series, year, last_number)
		values (next_number.series, number_year, 1)
		on conflict on constraint number_counters_pkey do update set last_number = c.last_number + 1
		returning c.last_number into counted;
	return format('%s-%s-%s',
		case next_number.series when 'invoice' then 'INV' when 'credit_note' then 'CN' end,
		number_year, lpad(counted::text, 6, '0'));
end;
$$;

comment on function private.next_number(text, timestamptz) is
	'Next sequential number of a series in the (UTC) year of at: invoice INV-2026-000123, credit_note CN-2026-000001.';

revoke execute on function private.next_number(text, timestamptz) from public, anon, authenticated;
-- The invoices' column default calls it, as it called next_invoice_number, which was open to
-- every role with the schema.
grant execute on function private.next_number(text, timestamptz) to service_role;

alter table public.invoices alter column number set default private.next_number('invoice', now());

-- ---------------------------------------------------------------------------------------------
-- An invoice with its billing details and its one line. The details are the `billing` argument
-- (the checkout form: name, address, postcode, city, country; company and VAT number stay empty)
-- or, when it is null, the customer's profile as it is now (all seven). Numbered, issued and
-- stamped at `at`; the line's amount is its unit amount times its quantity. Returns the id.
-- ---------------------------------------------------------------------------------------------

create function private.issue_invoice(
	customer uuid,
	service uuid,
	kind text,
	currency public.currency_code,
	subtotal bigint,
	tax_rate numeric,
	tax bigint,
	total bigint,
	at timestamptz,
	due_at timestamptz,
	item_kind text,
	description text,
	line jsonb,
	unit_amount bigint,
	quantity integer default 1,
	discount bigint default 0,
	period_start timestamptz default null,
	period_end timestamptz default null,
	billing jsonb default null,
	order_id uuid default null
)
returns uuid
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
	details jsonb := issue_invoice.billing;
	made uuid;
begin
	if details is null then
		select jsonb_build_object('name',
				btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
				'company', coalesce(p.company, ''), 'address', coalesce(p.address, ''),
				'postcode', coalesce(p.postal_code, ''), 'city', coalesce(p.city, ''),
				'country', p.country, 'vat_number', coalesce(p.vat_number, ''))
			into details
			from public.profiles p where p.id = customer;
	end if;
	insert into public.invoices (number, user_id, service_id, order_id, kind, currency, subtotal,
		discount, tax_rate, tax, total, period_start, period_end, issued_at, due_at, billing_name,
		billing_company, billing_address, billing_postal_code, billing_city, billing_country,
		billing_vat_number)
	values (private.next_number('invoice', at), customer, service, order_id, kind, currency,
		subtotal, discount, tax_rate, tax, total, period_start, period_end, at, due_at,
		details ->> 'name', coalesce(details ->> 'company', ''), details ->> 'address',
		details ->> 'postcode', details ->> 'city', details ->> 'country',
		coalesce(details ->> 'vat_number', ''))
	returning id into made;
	insert into public.invoice_items (invoice_id, user_id, kind, description, line, quantity,
		unit_amount, amount)
	values (made, customer, item_kind, left(description, 300), line, quantity, unit_amount,
		unit_amount * quantity);
	return made;
end;
$$;

comment on function private.issue_invoice(uuid, uuid, text, public.currency_code, bigint, numeric,
	bigint, bigint, timestamptz, timestamptz, text, text, jsonb, bigint, integer, bigint,
	timestamptz, timestamptz, jsonb, uuid) is
	'Inserts an invoice numbered in the year of at, with its billing details (billing, or the customer''s profile when null) and its one line; returns its id.';

revoke execute on function private.issue_invoice(uuid, uuid, text, public.currency_code, bigint,
	numeric, bigint, bigint, timestamptz, timestamptz, text, text, jsonb, bigint, integer, bigint,
	timestamptz, timestamptz, jsonb, uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The writers, each as in 20261126211000_invoice_line_terms.sql but for the insert.
-- ---------------------------------------------------------------------------------------------

create or replace function public.place_order(
	customer uuid,
	idempotency_key text,
	service jsonb,
	amounts jsonb,
	billing jsonb,
	description text,
	payment_method text,
	line jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	existing public.orders;
	new_order public.orders;
	new_service_id uuid;
	new_invoice_id uuid;
	payer_name text := btrim(billing ->> 'name');
	payer_first text := substring(payer_name from '^\S*');
	gateway_customer_id text;
	claimed_code text := nullif(amounts ->> 'discount_code', '');
	claimed integer;
begin
	insert into public.orders as o (user_id, idempotency_key, currency, subtotal, discount,
		discount_code, discount_percent, tax_rate, tax, total, payment_method)
	values (customer, place_order.idempotency_key, amounts ->> 'currency',
		(amounts ->> 'subtotal')::bigint, (amounts ->> 'discount')::bigint, claimed_code,
		coalesce((amounts ->> 'discount_percent')::numeric, 0), (amounts ->> 'tax_rate')::numeric,
		(amounts ->> 'tax')::bigint, (amounts ->> 'total')::bigint, payment_method)
	on conflict (user_id, idempotency_key) do nothing
	returning * into new_order;

	if new_order.id is null then
		-- A repeated submit: the order it already made, whatever this request says.
		select * into existing from public.orders o
			where o.user_id = customer and o.idempotency_key = place_order.idempotency_key;
		select p.stripe_customer_id into gateway_customer_id from public.profiles p
			where p.id = customer;
		return jsonb_build_object('order_id', existing.id, 'created', false,
			'gateway_customer_id', gateway_customer_id,
			'invoice_id', (select i.id from public.invoices i where i.order_id = existing.id
				and i.kind = 'new'),
			'service_id', existing.service_id, 'total', existing.total,
			'currency', existing.currency);
	end if;

	if claimed_code is not null then
		update public.discount_codes d set uses = d.uses + 1
			where d.code = claimed_code
				and d.percent = (amounts ->> 'discount_percent')::numeric
				and d.valid_from <= now()
				and (d.valid_until is null or d.valid_until > now())
				and (d.max_uses is null or d.uses < d.max_uses);
		get diagnostics claimed = row_count;
		if claimed = 0 then
			raise exception 'discount_unavailable' using errcode = 'P0001',
				hint = 'The code expired, ran out or changed since it was checked.';
		end if;
	end if;

	-- A label another live service holds is a unique violation (services_live_subdomain): the
	-- whole order is rolled back and the site answers subdomain_taken.
	insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb,
		modpack_installation, subdomain_extra, subdomain, subdomain_dns, billing_cycle, currency,
		recurring_amount)
	values (customer, service ->> 'product_type', service ->> 'game', service ->> 'plan_id',
		service ->> 'tier', (service ->> 'ram_gb')::integer, (service ->> 'storage_gb')::integer,
		coalesce((service ->> 'modpack_installation')::boolean, false),
		coalesce((service ->> 'subdomain_extra')::boolean, service ->> 'subdomain' is not null),
		service ->> 'subdomain', case when service ->> 'subdomain' is not null then 'pending' end,
		service ->> 'billing_cycle', amounts ->> 'currency', (amounts ->> 'subtotal')::bigint)
	returning id into new_service_id;

	update public.orders set service_id = new_service_id where id = new_order.id;

	-- Issued and due now; the billing details are the form's five fields, nothing else it sent.
	new_invoice_id := private.issue_invoice(customer => customer, service => new_service_id,
		kind => 'new', currency => new_order.currency, subtotal => new_order.subtotal,
		discount => new_order.discount, tax_rate => new_order.tax_rate, tax => new_order.tax,
		total => new_order.total, at => now(), due_at => now(), order_id => new_order.id,
		billing => jsonb_build_object('name', billing ->> 'name', 'address', billing ->> 'address',
			'postcode', billing ->> 'postcode', 'city', billing ->> 'city',
			'country', billing ->> 'country'),
		item_kind => 'service', description => place_order.description, line => place_order.line,
		unit_amount => new_order.subtotal);

	insert into public.service_activity (service_id, user_id, event, detail)
	values (new_service_id, customer, 'created', jsonb_build_object('order_id', new_order.id));

	-- The billing details become the profile's, so the next checkout starts filled in.
	update public.profiles p set first_name = left(payer_first, 100),
		last_name = left(regexp_replace(substr(payer_name, char_length(payer_first) + 1), '^\s+', ''),
			100),
		address = billing ->> 'address', postal_code = billing ->> 'postcode',
		city = billing ->> 'city', country = billing ->> 'country'
		where p.id = customer
		returning p.stripe_customer_id into gateway_customer_id;

	return jsonb_build_object('order_id', new_order.id, 'created', true,
		'gateway_customer_id', gateway_customer_id,
		'invoice_id', new_invoice_id, 'service_id', new_service_id, 'total', new_order.total,
		'currency', new_order.currency);
end;
$$;

create or replace function public.issue_renewal_invoice(service uuid, at timestamptz,
	period_end timestamptz, amounts jsonb, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
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
	-- Due when the period it pays for starts; the billing details are the profile's.
	made := private.issue_invoice(customer => s.user_id, service => s.id, kind => 'renewal',
		currency => s.currency, subtotal => s.recurring_amount,
		tax_rate => (amounts ->> 'tax_rate')::numeric, tax => (amounts ->> 'tax')::bigint,
		total => s.recurring_amount + (amounts ->> 'tax')::bigint, at => at,
		due_at => s.current_period_end, period_start => s.current_period_end,
		period_end => issue_renewal_invoice.period_end, item_kind => 'service',
		description => description, line => issue_renewal_invoice.line,
		unit_amount => s.recurring_amount);
	perform private.owe_notice('invoice', s.id, made, s.user_id);
	return jsonb_build_object('created', true, 'invoice_id', made);
end;
$$;

create or replace function public.request_service_pause(customer uuid, service uuid,
	at timestamptz, months integer, amounts jsonb, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
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
	-- Due at once, for no period; the billing details are the profile's.
	made := private.issue_invoice(customer => s.user_id, service => s.id, kind => 'pause',
		currency => s.currency, subtotal => fee_amount,
		tax_rate => (amounts ->> 'tax_rate')::numeric, tax => tax_amount, total => total_amount,
		at => request_service_pause.at, due_at => request_service_pause.at, item_kind => 'pause',
		description => request_service_pause.description, line => request_service_pause.line,
		quantity => asked, unit_amount => fee_amount / asked);
	insert into public.service_pauses (service_id, user_id, months, invoice_id)
		values (s.id, s.user_id, asked, made)
		returning id into pause;
	return jsonb_build_object('created', true, 'pause_id', pause, 'invoice_id', made,
		'total', total_amount, 'currency', s.currency);
end;
$$;

create or replace function public.request_service_upgrade(customer uuid, service uuid,
	at timestamptz, to_config jsonb, amounts jsonb, new_recurring bigint, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	made uuid;
	upgrade uuid;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if s.status <> 'active' then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.service_upgrades u where u.service_id = s.id
			and u.status = 'pending') then
		raise exception 'upgrade_pending' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.invoices i where i.service_id = s.id
			and i.status in ('unpaid', 'overdue')) then
		raise exception 'unpaid_invoice' using errcode = 'P0001';
	end if;
	if at < s.current_period_start or at >= s.current_period_end then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	-- Due at once, for the rest of the period; the billing details are the profile's.
	made := private.issue_invoice(customer => customer, service => s.id, kind => 'upgrade',
		currency => s.currency, subtotal => (amounts ->> 'net')::bigint,
		tax_rate => (amounts ->> 'tax_rate')::numeric, tax => (amounts ->> 'tax')::bigint,
		total => (amounts ->> 'total')::bigint, at => at, due_at => at, period_start => at,
		period_end => s.current_period_end, item_kind => 'upgrade', description => description,
		line => request_service_upgrade.line, unit_amount => (amounts ->> 'net')::bigint);
	insert into public.service_upgrades (service_id, user_id, from_config, to_config, currency,
		prorated_amount, new_recurring_amount, invoice_id)
	values (s.id, customer, jsonb_build_object('ram_gb', s.ram_gb, 'storage_gb', s.storage_gb,
			'modpack_installation', s.modpack_installation, 'recurring_amount', s.recurring_amount),
		to_config, s.currency, (amounts ->> 'net')::bigint, new_recurring, made)
	returning id into upgrade;
	return jsonb_build_object('invoice_id', made, 'upgrade_id', upgrade);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Credit notes take their numbers from the same rule.
-- ---------------------------------------------------------------------------------------------

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
	values (private.next_number('credit_note', at), i.id, customer, s.id, i.currency,
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

-- The two old counters and their functions: nothing calls them any more.
drop function private.next_invoice_number(timestamptz);
drop function private.next_credit_note_number(timestamptz);
drop table private.invoice_number_counters;
drop table private.credit_note_counters;
