-- =============================================================================================
-- Invoice lines in the reader's language.
-- Lines were saved as English text, so a German customer read "Valheim (standard), 8 GB RAM,
-- monthly" on a German invoice. A line now also says what it is for as data, `line` (the kinds
-- and fields of src/lib/billing/invoice-line.ts, which holds the one schema), and the site puts
-- it into words when it is read: the panel, the PDF and the mails, each in its reader's language.
-- `description` stays: the English text beside it, and the only text of rows saved before this
-- migration that it cannot read back (those keep showing exactly what they showed).
-- =============================================================================================

alter table public.invoice_items add column line jsonb;

-- Only the kinds the schema knows (invoice-line.test.ts keeps this list equal to it); the fields
-- are checked by the site, which writes them and parses every line it reads.
alter table public.invoice_items add constraint invoice_items_line_check check (line is null
	or (jsonb_typeof(line) = 'object'
		and line ->> 'kind' = any (array['plan', 'renewal', 'lateFee', 'pause', 'upgrade'])));

comment on column public.invoice_items.line is
	'What the line is for, as data ({"kind": "plan", "plan": …}; src/lib/billing/invoice-line.ts), put into words in the reader''s language when read. Null for lines saved as text only: description is then shown.';
comment on column public.invoice_items.description is
	'The line in English, as saved; what is shown when line is null.';

-- ---------------------------------------------------------------------------------------------
-- Lines already saved: the texts the site wrote (src/server/checkout/price-order.ts and the
-- billing run's) are read back into data; the plan comes from the line's service. Texts in any
-- other shape (written by hand, say) keep line null and show as saved.
-- ---------------------------------------------------------------------------------------------

-- Each saved text against the pattern its writer used, one column of groups per pattern.
create temporary table line_texts as
select x.id, x.kind, s.plan_id,
	regexp_match(x.description, '^.+ \((budget|standard|premium)\), (\d{1,5}) GB RAM, '
		|| '(monthly|quarterly|semiannually|annually)$') as new_order,
	regexp_match(x.description, '^.+, (\d{1,5}) GB RAM, (monthly|quarterly|semiannually|annually) '
		|| '\((\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})\)$') as renewal,
	regexp_match(x.description, '^Late fee: (\d{1,5}) day\(s\)$') as late_fee,
	regexp_match(x.description, '^Pause of .+ server, (\d{1,2}) month\(s\)$') as pause,
	regexp_match(x.description,
		'^Upgrade to (\d{1,5}) GB RAM, (\d{1,5}) GB storage: (\d{1,5}) of (\d{1,5}) days$') as upgrade
from public.invoice_items x
join public.invoices i on i.id = x.invoice_id
left join public.services s on s.id = i.service_id
where x.line is null;

update public.invoice_items x set line = case
	when t.kind = 'service' and t.new_order is not null and t.plan_id is not null then
		jsonb_build_object('kind', 'plan', 'plan', t.plan_id, 'tier', t.new_order[1],
			'ramGb', t.new_order[2]::integer, 'cycle', t.new_order[3])
	when t.kind = 'service' and t.renewal is not null and t.plan_id is not null then
		jsonb_build_object('kind', 'renewal', 'plan', t.plan_id, 'ramGb', t.renewal[1]::integer,
			'cycle', t.renewal[2], 'from', t.renewal[3], 'to', t.renewal[4])
	when t.kind = 'late_fee' and t.late_fee is not null then
		jsonb_build_object('kind', 'lateFee', 'days', t.late_fee[1]::integer)
	when t.kind = 'pause' and t.pause is not null and t.plan_id is not null then
		jsonb_build_object('kind', 'pause', 'plan', t.plan_id, 'months', t.pause[1]::integer)
	when t.kind = 'upgrade' and t.upgrade is not null then
		jsonb_build_object('kind', 'upgrade', 'ramGb', t.upgrade[1]::integer,
			'storageGb', t.upgrade[2]::integer, 'daysLeft', t.upgrade[3]::integer,
			'daysInPeriod', t.upgrade[4]::integer)
	end
from line_texts t
where t.id = x.id;

drop table line_texts;

-- ---------------------------------------------------------------------------------------------
-- The functions that write lines take the line as data too (the site builds it and the English
-- description from the same value). New signatures: the old ones are dropped, not overloaded,
-- so no caller keeps writing text-only lines.
-- ---------------------------------------------------------------------------------------------

drop function public.place_order(uuid, text, jsonb, jsonb, jsonb, text, text);

create function public.place_order(
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

	insert into public.invoices (user_id, service_id, order_id, kind, currency, subtotal, discount,
		tax_rate, tax, total, due_at, billing_name, billing_address, billing_postal_code,
		billing_city, billing_country)
	values (customer, new_service_id, new_order.id, 'new', new_order.currency, new_order.subtotal,
		new_order.discount, new_order.tax_rate, new_order.tax, new_order.total, now(),
		billing ->> 'name', billing ->> 'address', billing ->> 'postcode', billing ->> 'city',
		billing ->> 'country')
	returning id into new_invoice_id;

	insert into public.invoice_items (invoice_id, user_id, kind, description, line, unit_amount,
		amount)
	values (new_invoice_id, customer, 'service', left(place_order.description, 300),
		place_order.line, new_order.subtotal, new_order.subtotal);

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

drop function public.issue_renewal_invoice(uuid, timestamptz, timestamptz, jsonb, text);

create function public.issue_renewal_invoice(service uuid, at timestamptz,
	period_end timestamptz, amounts jsonb, description text, line jsonb)
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
	insert into public.invoice_items (invoice_id, user_id, kind, description, line, unit_amount,
		amount)
		values (made, s.user_id, 'service', left(description, 300), issue_renewal_invoice.line,
			s.recurring_amount, s.recurring_amount);
	perform private.owe_notice('invoice', s.id, made, s.user_id);
	return jsonb_build_object('created', true, 'invoice_id', made);
end;
$$;

drop function public.mark_invoice_overdue(uuid, timestamptz, bigint, text);

create function public.mark_invoice_overdue(invoice uuid, at timestamptz,
	late_fee bigint, description text, line jsonb)
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
		insert into public.invoice_items (invoice_id, user_id, position, kind, description, line,
			quantity, unit_amount, amount, taxable)
		values (i.id, i.user_id, 2, 'late_fee', left(description, 300), mark_invoice_overdue.line, 1,
			mark_invoice_overdue.late_fee, mark_invoice_overdue.late_fee, false);
	end if;
	update public.invoices x set status = 'overdue', late_fee = mark_invoice_overdue.late_fee,
		total = i.subtotal - i.discount + i.tax + mark_invoice_overdue.late_fee
		where x.id = i.id;
	return true;
end;
$$;

drop function public.request_service_pause(uuid, uuid, timestamptz, integer, jsonb, text);

create function public.request_service_pause(customer uuid, service uuid,
	at timestamptz, months integer, amounts jsonb, description text, line jsonb)
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
	insert into public.invoice_items (invoice_id, user_id, kind, description, line, quantity,
		unit_amount, amount)
	values (made, s.user_id, 'pause', left(request_service_pause.description, 300),
		request_service_pause.line, asked,
		fee_amount / asked, fee_amount);
	insert into public.service_pauses (service_id, user_id, months, invoice_id)
		values (s.id, s.user_id, asked, made)
		returning id into pause;
	return jsonb_build_object('created', true, 'pause_id', pause, 'invoice_id', made,
		'total', total_amount, 'currency', s.currency);
end;
$$;

drop function public.request_service_upgrade(uuid, uuid, timestamptz, jsonb, jsonb, bigint, text);

create function public.request_service_upgrade(customer uuid, service uuid,
	at timestamptz, to_config jsonb, amounts jsonb, new_recurring bigint, description text, line jsonb)
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
	select * into p from public.profiles x where x.id = customer;
	insert into public.invoices (number, user_id, service_id, kind, currency, subtotal, tax_rate,
		tax, total, period_start, period_end, issued_at, due_at, billing_name, billing_company,
		billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number)
	values (private.next_invoice_number(at), customer, s.id, 'upgrade', s.currency,
		(amounts ->> 'net')::bigint, (amounts ->> 'tax_rate')::numeric, (amounts ->> 'tax')::bigint,
		(amounts ->> 'total')::bigint, at, s.current_period_end, at, at,
		btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
		coalesce(p.company, ''), coalesce(p.address, ''), coalesce(p.postal_code, ''),
		coalesce(p.city, ''), p.country, coalesce(p.vat_number, ''))
	returning id into made;
	insert into public.invoice_items (invoice_id, user_id, kind, description, line, unit_amount,
		amount)
		values (made, customer, 'upgrade', left(description, 300), request_service_upgrade.line,
			(amounts ->> 'net')::bigint, (amounts ->> 'net')::bigint);
	insert into public.service_upgrades (service_id, user_id, from_config, to_config, currency,
		prorated_amount, new_recurring_amount, invoice_id)
	values (s.id, customer, jsonb_build_object('ram_gb', s.ram_gb, 'storage_gb', s.storage_gb,
			'modpack_installation', s.modpack_installation, 'recurring_amount', s.recurring_amount),
		to_config, s.currency, (amounts ->> 'net')::bigint, new_recurring, made)
	returning id into upgrade;
	return jsonb_build_object('invoice_id', made, 'upgrade_id', upgrade);
end;
$$;

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.place_order(uuid, text, jsonb, jsonb, jsonb, text, text, jsonb)',
		'public.issue_renewal_invoice(uuid, timestamptz, timestamptz, jsonb, text, jsonb)',
		'public.mark_invoice_overdue(uuid, timestamptz, bigint, text, jsonb)',
		'public.request_service_pause(uuid, uuid, timestamptz, integer, jsonb, text, jsonb)',
		'public.request_service_upgrade(uuid, uuid, timestamptz, jsonb, jsonb, bigint, text, jsonb)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;
