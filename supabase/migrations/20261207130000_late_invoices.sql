-- =============================================================================================
-- Invoices the shop issued late (issue 39, item 6). After a gap in billing runs (an outage, or an
-- operator replaying a moment) a renewal went out days after its own due date, and the next run
-- charged it at once with a late fee the customer never had a chance to avoid; the payment was
-- dated with the machine's clock, not the run's; the payment did not say how it was paid.
--
-- 1. An invoice is never due before it is issued: private.issue_invoice, which inserts every
--    invoice, takes the later of the two. Open invoices already due before they were issued are
--    due when they were issued. (The billing run also counts a renewal's charges, fee and
--    suspension from the later of its due date and its issue day: src/lib/billing dunningDate,
--    which is why billing_candidates now gives the renewal's issued_at.)
-- 2. settle_invoice dates what it records (the payment, paid_at, the activity) with `at`, the
--    caller's clock: the run's for its off-session charge, now() for a webhook.
-- 3. A payment, alone or in a bundle, keeps its method (card, PayPal, MobilePay) and, when known,
--    the card's brand and last four digits, as a declined charge already did (transactions.method,
--    card_brand, card_last4). The run gives the saved card it charged (billing_candidates.saved_card).
-- 4. The billing mails get the invoice's issue moment and period end: a late invoice says it is
--    due today rather than "pay before" a day gone by, and "renewed" says until when.
-- =============================================================================================

alter table public.transactions
	add column method text check (method in ('card', 'paypal', 'mobilepay'));

comment on column public.transactions.method is
	'How a payment was made (src/lib/domain/payment-method.ts); null where it was not told (older rows, refunds).';

-- ---------------------------------------------------------------------------------------------
-- 1. Never due before issued: private.issue_invoice as 20261126220000_one_invoice_rule.sql, but
--    for the due date.
-- ---------------------------------------------------------------------------------------------

create or replace function private.issue_invoice(
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
		subtotal, discount, tax_rate, tax, total, period_start, period_end, at, greatest(due_at, at),
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

update public.invoices set due_at = issued_at
	where due_at < issued_at and status in ('unpaid', 'overdue');

-- ---------------------------------------------------------------------------------------------
-- billing_candidates as 20261124110000_service_pauses.sql, plus the renewal's issued_at and the
-- saved card's brand and last digits.
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
		'paused', exists (select 1 from public.service_pauses sp where sp.service_id = s.id
			and sp.status = 'active'),
		'saved_method', (select m.gateway_reference from public.payment_methods m
			where m.user_id = s.user_id order by m.is_default desc, m.created_at desc limit 1),
		'saved_card', (select jsonb_build_object('brand', m.brand, 'last4', m.last4)
			from public.payment_methods m
			where m.user_id = s.user_id order by m.is_default desc, m.created_at desc limit 1),
		'invoice', (select jsonb_build_object('id', i.id, 'status', i.status, 'total', i.total,
				'late_fee', i.late_fee, 'charge_attempts', i.charge_attempts, 'due_at', i.due_at,
				'issued_at', i.issued_at)
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
-- 2, 3. settle_invoice as 20261206120000_unpaid_holds.sql, plus how and when it was paid.
-- ---------------------------------------------------------------------------------------------

drop function public.settle_invoice(text, text, uuid, bigint, text, text);

create function public.settle_invoice(
	event_id text,
	gateway text,
	invoice uuid,
	amount bigint,
	currency text,
	reference text,
	method text default null,
	card jsonb default null,
	at timestamptz default now()
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	target public.invoices;
	given_back jsonb;
	refunded_already boolean;
	-- How it was paid, kept on the payment: the card only when it reads as one.
	paid_by text := nullif(settle_invoice.method, '');
	paid_brand text := nullif(left(settle_invoice.card ->> 'brand', 30), '');
	paid_last4 text := case when settle_invoice.card ->> 'last4' ~ '^[0-9]{4}$'
		then settle_invoice.card ->> 'last4' end;
begin
	select * into target from public.invoices i where i.id = invoice for update;
	-- Not an invoice: a payment bundle, whose invoices are settled one by one under events of their own.
	if target.id is null then
		return jsonb_build_object('outcome', 'unknown_invoice');
	end if;
	insert into public.payment_events (id, gateway, type)
		values (settle_invoice.gateway || ':' || event_id, settle_invoice.gateway, 'paid')
		on conflict (id) do nothing;
	if not found then
		-- Delivered again: a give-back the gateway has not confirmed yet is asked for again.
		given_back := private.unpayable_outcome(target, reference);
		if (given_back ->> 'refund_owed')::boolean then
			return given_back;
		end if;
		return jsonb_build_object('outcome', 'duplicate');
	end if;

	if target.total <> amount or target.currency <> upper(settle_invoice.currency) then
		update public.invoices set review_reason = format(
			'Paid %s %s through %s (%s) for an invoice of %s %s', amount, upper(settle_invoice.currency),
			settle_invoice.gateway, reference, target.total, target.currency)
			where id = target.id;
		return jsonb_build_object('outcome', 'mismatch', 'invoice_id', target.id);
	end if;

	-- The same payment told again under another event (an off-session charge and its webhook).
	if amount > 0 and exists (select 1 from public.transactions t
			where t.gateway_reference = reference and t.kind = 'payment') then
		given_back := private.unpayable_outcome(target, reference);
		return coalesce(given_back, jsonb_build_object('outcome', 'already_paid',
			'invoice_id', target.id, 'service_id', target.service_id));
	end if;

	-- Not payable (cancelled, refunded, or paid by another payment): the money is kept apart and
	-- owed back in full; neither the invoice nor its service changes.
	if target.status not in ('unpaid', 'overdue') then
		if amount = 0 then
			return jsonb_build_object('outcome', 'already_paid', 'invoice_id', target.id,
				'service_id', target.service_id);
		end if;
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status, applied, method, card_brand, card_last4, created_at)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', false, paid_by, paid_brand, paid_last4, settle_invoice.at);
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status)
		values (target.id, target.user_id, 'refund', settle_invoice.gateway, 'refund:' || reference,
			amount, target.currency, 'pending')
		on conflict (gateway_reference) do nothing;
		return private.unpayable_outcome(target, reference);
	end if;

	refunded_already := amount > 0 and exists (select 1 from public.transactions t
		where t.gateway_reference = 'refund:' || reference and t.amount >= amount);

	-- A VPS's first invoice claims its addresses now, under the pool's row locks (an unpaid order
	-- holds them only while its page is open). None left: the order cannot be delivered, so it is
	-- cancelled and the payment owed back in full; the site refunds it and alerts the operators.
	if target.kind = 'new' and not refunded_already
			and exists (select 1 from public.vps_machines m where m.service_id = target.service_id) then
		perform private.release_lapsed_holds();
		if not private.assign_vps_addresses(target.service_id) then
			update public.invoices set status = 'cancelled' where id = target.id;
			target.status := 'cancelled';
			update public.orders set status = 'cancelled', cancel_reason = 'no_vps_address'
				where id = target.order_id;
			update public.services set status = 'cancelled'
				where id = target.service_id and status = 'pending_payment';
			insert into public.service_activity (service_id, user_id, event, detail)
			values (target.service_id, target.user_id, 'cancelled',
				jsonb_build_object('reason', 'no_vps_address', 'invoice_id', target.id));
			if amount = 0 then
				return jsonb_build_object('outcome', 'sold_out', 'invoice_id', target.id,
					'service_id', target.service_id, 'user_id', target.user_id);
			end if;
			insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
				amount, currency, status, applied, method, card_brand, card_last4, created_at)
			values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
				target.currency, 'succeeded', false, paid_by, paid_brand, paid_last4, settle_invoice.at);
			insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
				amount, currency, status)
			values (target.id, target.user_id, 'refund', settle_invoice.gateway,
				'refund:' || reference, amount, target.currency, 'pending')
			on conflict (gateway_reference) do nothing;
			return private.unpayable_outcome(target, reference);
		end if;
	end if;
	if target.kind = 'new' and not refunded_already then
		perform private.keep_label_or_let_go(target.service_id);
	end if;

	if amount > 0 then
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status, method, card_brand, card_last4, created_at)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', paid_by, paid_brand, paid_last4, settle_invoice.at);
	end if;

	-- Webhooks come in any order: a refund can arrive before the payment it refunds. A payment
	-- already refunded in full is recorded, and the order is cancelled rather than fulfilled.
	if refunded_already then
		update public.invoices set status = 'refunded', paid_at = settle_invoice.at,
			gateway = settle_invoice.gateway
			where id = target.id and status = 'unpaid';
		update public.orders set status = 'cancelled' where id = target.order_id and status = 'pending';
		update public.services set status = 'cancelled'
			where id = target.service_id and status = 'pending_payment';
		return jsonb_build_object('outcome', 'refunded', 'invoice_id', target.id);
	end if;

	update public.invoices set status = 'paid', paid_at = settle_invoice.at,
		gateway = settle_invoice.gateway,
		last_payment_error = null
		where id = target.id;
	update public.orders set status = 'paid' where id = target.order_id;
	update public.services set status = 'provisioning'
		where id = target.service_id and status = 'pending_payment';
	insert into public.service_activity (service_id, user_id, event, detail, created_at)
	values (target.service_id, target.user_id, 'paid',
		jsonb_build_object('invoice_id', target.id, 'gateway', settle_invoice.gateway),
		settle_invoice.at);
	return jsonb_build_object('outcome', 'paid', 'invoice_id', target.id,
		'service_id', target.service_id, 'user_id', target.user_id);
end;
$$;

comment on function public.settle_invoice(text, text, uuid, bigint, text, text, text, jsonb,
	timestamptz) is
	'Applies a verified payment to its invoice once per event; method and card say how it was paid, at when (the billing run''s clock).';

revoke execute on function
	public.settle_invoice(text, text, uuid, bigint, text, text, text, jsonb, timestamptz)
	from public, anon, authenticated;
grant execute on function
	public.settle_invoice(text, text, uuid, bigint, text, text, text, jsonb, timestamptz)
	to service_role;

-- ---------------------------------------------------------------------------------------------
-- 4. billing_notices_due as 20261126200000_declined_payments.sql, plus issued_at and period_end.
-- ---------------------------------------------------------------------------------------------

create or replace function public.billing_notices_due(max integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'kind', n.kind, 'email', u.email,
		'locale', p.preferred_locale, 'plan_id', s.plan_id, 'number', i.number, 'total', i.total,
		'currency', i.currency, 'due_at', i.due_at, 'invoice_id', i.id,
		'issued_at', i.issued_at, 'period_end', i.period_end,
		'charge_attempts', i.charge_attempts,
		'declined', (select jsonb_build_object('code', t.decline_code, 'brand', t.card_brand,
				'last4', t.card_last4, 'at', t.created_at)
			from public.transactions t
			where t.invoice_id = i.id and t.status = 'failed' and t.decline_code is not null
			order by t.created_at desc limit 1)
	) order by n.id), '[]'::jsonb)
	from (select * from public.billing_notices x where x.sent_at is null order by x.id limit max) n
	join auth.users u on u.id = n.user_id
	left join public.profiles p on p.id = n.user_id
	left join public.services s on s.id = n.service_id
	left join public.invoices i on i.id = n.invoice_id;
$$;

-- ---------------------------------------------------------------------------------------------
-- 3. settle_payment_bundle as 20261124140000_payment_bundles.sql, passing how and when it was
--    paid on to each invoice's settle_invoice.
-- ---------------------------------------------------------------------------------------------

drop function public.settle_payment_bundle(text, text, uuid, bigint, text, text);

create function public.settle_payment_bundle(event_id text, gateway text, bundle uuid,
	amount bigint, currency text, reference text, method text default null,
	card jsonb default null, at timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	b public.payment_bundles;
	item jsonb;
	outcome jsonb;
	settled jsonb := '[]'::jsonb;
begin
	select * into b from public.payment_bundles x where x.id = bundle for update;
	if b.id is null then
		return null;
	end if;
	if b.total <> amount or b.currency <> upper(settle_payment_bundle.currency) then
		update public.invoices i set review_reason = format('Paid %s %s for bundle %s of %s %s',
			amount, upper(settle_payment_bundle.currency), b.id, b.total, b.currency)
			where i.id in (select (e ->> 'id')::uuid from jsonb_array_elements(b.invoices) e);
		return jsonb_build_object('outcome', 'mismatch', 'settled', settled);
	end if;
	for item in select * from jsonb_array_elements(b.invoices) loop
		outcome := public.settle_invoice(event_id || ':' || (item ->> 'id'),
			settle_payment_bundle.gateway, (item ->> 'id')::uuid, (item ->> 'total')::bigint,
			settle_payment_bundle.currency, reference || ':' || (item ->> 'id'),
			settle_payment_bundle.method, settle_payment_bundle.card, settle_payment_bundle.at);
		settled := settled || jsonb_build_array(outcome || jsonb_build_object('invoice_id',
			item ->> 'id'));
	end loop;
	update public.payment_bundles x set status = 'paid' where x.id = b.id;
	return jsonb_build_object('outcome', 'paid', 'settled', settled);
end;
$$;

revoke execute on function
	public.settle_payment_bundle(text, text, uuid, bigint, text, text, text, jsonb, timestamptz)
	from public, anon, authenticated;
grant execute on function
	public.settle_payment_bundle(text, text, uuid, bigint, text, text, text, jsonb, timestamptz)
	to service_role;
