-- =============================================================================================
-- Unpaid holds (issue 38, item 3). An unpaid order took a VPS's pool addresses and held them for
-- 2 hours, and its subdomain label for ever, for free: one account could empty the pool in about
-- an hour, twelve in seconds, and stop every VPS sale. Now:
--
-- 1. One lifetime for everything an unpaid order holds: `services.held_until`, set when the order
--    is placed to the end of its payment page's life (private.unpaid_hold, src/lib/policy.ts
--    unpaidHoldMinutes). Until then it holds its addresses and its label; after it, the next order
--    or payment lets them go (private.release_lapsed_holds), and the hourly billing run does too.
--    A lapsed unpaid order has `held_until` null: it holds nothing (its label is out of the
--    unique index, its addresses back in the pool). Orders unpaid before this migration are such.
-- 2. One account holds at most private.unpaid_vps_orders_allowed() unpaid VPS orders at a time,
--    counted in place_order under the account's profile row lock, so orders at once cannot pass
--    it together (vps_unpaid_orders).
-- 3. A paid VPS order claims its addresses at payment, in settle_invoice, under the pool's row
--    locks (`for update skip locked`). With no IPv4 address left then, nothing is fulfilled: the
--    order, invoice and service are cancelled (`orders.cancel_reason = 'no_vps_address'`) and the
--    payment is owed back in full, as for any payment that cannot be applied (the site refunds it,
--    tells the customer and alerts the operators). A paid order whose label another order took
--    meanwhile keeps the extra without the label; the customer chooses another in the panel.
-- =============================================================================================

create function private.unpaid_hold()
returns interval
language sql
immutable
set search_path = ''
as $$
	select interval '30 minutes';
$$;

create function private.unpaid_vps_orders_allowed()
returns integer
language sql
immutable
set search_path = ''
as $$
	select 2;
$$;

comment on function private.unpaid_hold() is
	'How long an unpaid order holds its addresses and label: its payment page''s life (src/lib/policy.ts unpaidHoldMinutes).';
comment on function private.unpaid_vps_orders_allowed() is
	'Unpaid VPS orders one account may hold at once (src/lib/policy.ts unpaidVpsOrdersPerAccount).';

revoke execute on function private.unpaid_hold(), private.unpaid_vps_orders_allowed()
	from public, anon, authenticated;

alter table public.services add column held_until timestamptz;

comment on column public.services.held_until is
	'An unpaid order holds its VPS addresses and subdomain label until then (its payment page''s life); null once it lapsed (it holds nothing) and for orders placed before holds lapsed.';

create index services_unpaid_holds on public.services (held_until)
	where status = 'pending_payment' and held_until is not null;

alter table public.orders add column cancel_reason text
	check (cancel_reason = any (array['no_vps_address']));

comment on column public.orders.cancel_reason is
	'Why a paid order was cancelled instead of fulfilled: no_vps_address (the pool was empty at payment; the payment was refunded).';

-- A label is held by a service with a server, and by an unpaid order while its hold lasts.
drop index public.services_live_subdomain;
create unique index services_live_subdomain on public.services (subdomain)
	where subdomain is not null and status not in ('cancelled', 'terminated')
		and (status <> 'pending_payment' or held_until is not null);

-- Orders left unpaid before now held their addresses without a limit: they hold none from here.
update public.vps_addresses a set service_id = null, assigned_at = null
	from public.services s
	where s.id = a.service_id and s.status = 'pending_payment';

-- ---------------------------------------------------------------------------------------------
-- Letting go of lapsed holds: the unpaid orders whose page ran out give back their addresses and
-- labels. Rows another transaction holds (a payment settling that order) are skipped, never
-- waited for; a payment claims again anyway.
-- ---------------------------------------------------------------------------------------------

create function private.release_lapsed_holds()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
	labels integer;
	addresses integer;
begin
	with lapsed as (
		update public.services s set held_until = null
			where s.id in (select x.id from public.services x
				where x.status = 'pending_payment' and x.held_until <= now()
				for update skip locked)
			returning s.id, s.subdomain),
	freed as (
		update public.vps_addresses a set service_id = null, assigned_at = null
			from lapsed where a.service_id = lapsed.id
			returning a.id)
	select (select count(*) from lapsed where subdomain is not null), (select count(*) from freed)
		into labels, addresses;
	return jsonb_build_object('labels', labels, 'addresses', addresses);
end;
$$;

revoke execute on function private.release_lapsed_holds() from public, anon, authenticated;

-- For the billing run and the panel's label change: what lapsed holds were let go.
create function public.release_lapsed_holds()
returns jsonb
language sql
security definer
set search_path = ''
as $$
	select private.release_lapsed_holds();
$$;

revoke execute on function public.release_lapsed_holds() from public, anon, authenticated;
grant execute on function public.release_lapsed_holds() to service_role;

-- The 2-hour rule it replaces.
drop function public.release_unpaid_vps_addresses(interval);

-- Whether another service holds a label now: the unique index's rule, with lapsed holds that no
-- order has let go of yet counted as free (what the configurator's check answers).
create function public.subdomain_held(label text, except_service uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
	-- Qualified: services has a column called label (the server's name) too.
	select exists (select 1 from public.services s
		where s.subdomain = subdomain_held.label
			and s.id is distinct from subdomain_held.except_service
			and (s.status in ('provisioning', 'active', 'suspended')
				or (s.status = 'pending_payment' and s.held_until > now())));
$$;

revoke execute on function public.subdomain_held(text, uuid) from public, anon, authenticated;
grant execute on function public.subdomain_held(text, uuid) to service_role;

-- Provisioning's claim (vps-provision.ts): lapsed holds let go first, so their addresses count.
create or replace function public.vps_claim_addresses(service uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
	perform private.release_lapsed_holds();
	return private.assign_vps_addresses(service);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- place_order, whole, as 20261127100000_vps_machines.sql left it, plus: lapsed holds let go
-- first, the order's own hold, and the account's limit of unpaid VPS orders.
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
	is_vps boolean := jsonb_typeof(service -> 'vps') = 'object';
	unpaid_vps integer;
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

	if is_vps then
		-- The account's row lock: a second order of the same account waits here until this one
		-- is written, then counts it (orders at once never pass the limit together).
		perform 1 from public.profiles p where p.id = customer for update;
		select count(*) into unpaid_vps from public.services s
			where s.user_id = customer and s.product_type = 'vps' and s.status = 'pending_payment'
				and s.held_until > now();
		if unpaid_vps >= private.unpaid_vps_orders_allowed() then
			raise exception 'vps_unpaid_orders' using errcode = 'P0001',
				hint = 'Pay an unpaid VPS order, or wait until its payment page has run out.';
		end if;
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

	-- Labels and addresses of orders whose page ran out are free for this one.
	perform private.release_lapsed_holds();

	-- A label another live service holds is a unique violation (services_live_subdomain): the
	-- whole order is rolled back and the site answers subdomain_taken.
	insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb,
		modpack_installation, subdomain_extra, subdomain, subdomain_dns, billing_cycle, currency,
		recurring_amount, held_until)
	values (customer, service ->> 'product_type', service ->> 'game', service ->> 'plan_id',
		service ->> 'tier', (service ->> 'ram_gb')::integer, (service ->> 'storage_gb')::integer,
		coalesce((service ->> 'modpack_installation')::boolean, false),
		coalesce((service ->> 'subdomain_extra')::boolean, service ->> 'subdomain' is not null),
		service ->> 'subdomain', case when service ->> 'subdomain' is not null then 'pending' end,
		service ->> 'billing_cycle', amounts ->> 'currency', (amounts ->> 'subtotal')::bigint,
		now() + private.unpaid_hold())
	returning id into new_service_id;

	update public.orders set service_id = new_service_id where id = new_order.id;

	-- A VPS gets its VMID and its addresses in the order's transaction: running out refuses the
	-- order (vps_addresses_exhausted) before anything is paid, and rolls all of it back.
	if is_vps then
		perform private.place_vps(customer, new_service_id, service -> 'vps');
	end if;

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

-- ---------------------------------------------------------------------------------------------
-- What settle_invoice answers for a payment given back, as 20261126140000_unpayable_payments.sql
-- left it, plus why its order was cancelled (null for an invoice not payable for other reasons).
-- ---------------------------------------------------------------------------------------------

create or replace function private.unpayable_outcome(target public.invoices, reference text)
returns jsonb
language sql
stable
set search_path = ''
as $$
	select jsonb_build_object('outcome', 'unpayable', 'invoice_id', target.id,
		'user_id', target.user_id, 'number', target.number, 'status', target.status,
		'reference', reference, 'amount', p.amount, 'currency', p.currency,
		'refund_owed', coalesce(r.status = 'pending', false),
		'reason', (select o.cancel_reason from public.orders o where o.id = target.order_id),
		'order_id', target.order_id, 'service_id', target.service_id)
	from public.transactions p
	left join public.transactions r on r.gateway_reference = 'refund:' || reference
	where p.gateway_reference = reference and p.kind = 'payment' and not p.applied;
$$;

-- ---------------------------------------------------------------------------------------------
-- settle_invoice, whole, as 20261126140000_unpayable_payments.sql left it, plus the first
-- invoice of a VPS claiming its addresses (and its label) before it is paid.
-- ---------------------------------------------------------------------------------------------

-- A paid order that lost its label while its hold had lapsed keeps the extra without it.
create function private.keep_label_or_let_go(service uuid)
returns void
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
begin
	select * into s from public.services x where x.id = service;
	if s.subdomain is null or not exists (select 1 from public.services o
			where o.subdomain = s.subdomain and o.id <> s.id
				and o.status not in ('cancelled', 'terminated')
				and (o.status <> 'pending_payment' or o.held_until is not null)) then
		return;
	end if;
	update public.services x set subdomain = null, subdomain_dns = null where x.id = s.id;
	insert into public.service_activity (service_id, user_id, event, detail)
	values (s.id, s.user_id, 'settings_changed',
		jsonb_build_object('subdomain', null, 'previous', s.subdomain, 'reason', 'taken_while_unpaid'));
end;
$$;

revoke execute on function private.keep_label_or_let_go(uuid) from public, anon, authenticated;

create or replace function public.settle_invoice(
	event_id text,
	gateway text,
	invoice uuid,
	amount bigint,
	currency text,
	reference text
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
			amount, currency, status, applied)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', false);
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
				amount, currency, status, applied)
			values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
				target.currency, 'succeeded', false);
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
			amount, currency, status)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded');
	end if;

	-- Webhooks come in any order: a refund can arrive before the payment it refunds. A payment
	-- already refunded in full is recorded, and the order is cancelled rather than fulfilled.
	if refunded_already then
		update public.invoices set status = 'refunded', paid_at = now(),
			gateway = settle_invoice.gateway
			where id = target.id and status = 'unpaid';
		update public.orders set status = 'cancelled' where id = target.order_id and status = 'pending';
		update public.services set status = 'cancelled'
			where id = target.service_id and status = 'pending_payment';
		return jsonb_build_object('outcome', 'refunded', 'invoice_id', target.id);
	end if;

	update public.invoices set status = 'paid', paid_at = now(), gateway = settle_invoice.gateway,
		last_payment_error = null
		where id = target.id;
	update public.orders set status = 'paid' where id = target.order_id;
	update public.services set status = 'provisioning'
		where id = target.service_id and status = 'pending_payment';
	insert into public.service_activity (service_id, user_id, event, detail)
	values (target.service_id, target.user_id, 'paid',
		jsonb_build_object('invoice_id', target.id, 'gateway', settle_invoice.gateway));
	return jsonb_build_object('outcome', 'paid', 'invoice_id', target.id,
		'service_id', target.service_id, 'user_id', target.user_id);
end;
$$;
