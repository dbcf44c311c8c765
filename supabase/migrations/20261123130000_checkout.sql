-- =============================================================================================
-- Checkout: placing an order (service, order, invoice and its line in one transaction, the
-- discount code's use counted atomically, the same idempotency key giving the same order), and
-- settling its first invoice from a verified payment event, once. Amounts are computed by the site
-- server from the catalogue; these functions only store them and keep them consistent.
-- Service role only: the site server calls them after checking who the customer is.
-- =============================================================================================

alter table public.orders
	add column payment_method text check (payment_method in ('card', 'paypal', 'mobilepay', 'none'));

alter table public.invoices
	add column gateway text check (gateway in ('stripe', 'test', 'code')),
	add column gateway_session_id text,
	add column review_reason text check (char_length(review_reason) <= 500),
	add column last_payment_error text check (char_length(last_payment_error) <= 500);

comment on column public.invoices.review_reason is
	'Set when a payment did not match the invoice (amount or currency): nothing is fulfilled.';

alter table public.services
	add column panel_address text check (char_length(panel_address) <= 200),
	add column provisioning_attempts integer not null default 0,
	add column provisioning_error text check (char_length(provisioning_error) <= 500);

alter table public.profiles add column stripe_customer_id text unique;

-- A first invoice brought to zero by a 100 % code is settled by the code itself.
alter table public.payment_events drop constraint payment_events_gateway_check,
	add constraint payment_events_gateway_check check (gateway in ('stripe', 'test', 'code'));

-- ---------------------------------------------------------------------------------------------
-- place_order: one call, one transaction
-- ---------------------------------------------------------------------------------------------

create or replace function public.place_order(
	customer uuid,
	idempotency_key text,
	service jsonb,
	amounts jsonb,
	billing jsonb,
	description text,
	payment_method text
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
		return jsonb_build_object('order_id', existing.id, 'created', false,
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

	insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb,
		modpack_installation, subdomain, billing_cycle, currency, recurring_amount)
	values (customer, service ->> 'product_type', service ->> 'game', service ->> 'plan_id',
		service ->> 'tier', (service ->> 'ram_gb')::integer, (service ->> 'storage_gb')::integer,
		coalesce((service ->> 'modpack_installation')::boolean, false), service ->> 'subdomain',
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

	insert into public.invoice_items (invoice_id, user_id, kind, description, unit_amount, amount)
	values (new_invoice_id, customer, 'service', left(place_order.description, 300),
		new_order.subtotal, new_order.subtotal);

	insert into public.service_activity (service_id, user_id, event, detail)
	values (new_service_id, customer, 'created', jsonb_build_object('order_id', new_order.id));

	return jsonb_build_object('order_id', new_order.id, 'created', true,
		'invoice_id', new_invoice_id, 'service_id', new_service_id, 'total', new_order.total,
		'currency', new_order.currency);
end;
$$;

comment on function public.place_order(uuid, text, jsonb, jsonb, jsonb, text, text) is
	'Writes a new order, its pending service and unpaid first invoice, or returns the order the same idempotency key already made. Raises discount_unavailable when the code cannot be used.';

-- ---------------------------------------------------------------------------------------------
-- settle_invoice: a verified payment, taken into account once
-- ---------------------------------------------------------------------------------------------

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
begin
	insert into public.payment_events (id, gateway, type)
		values (settle_invoice.gateway || ':' || event_id, settle_invoice.gateway, 'paid')
		on conflict (id) do nothing;
	if not found then
		return jsonb_build_object('outcome', 'duplicate');
	end if;

	select * into target from public.invoices i where i.id = invoice for update;
	if target.id is null then
		return jsonb_build_object('outcome', 'unknown_invoice');
	end if;
	if target.total <> amount or target.currency <> upper(settle_invoice.currency) then
		update public.invoices set review_reason = format(
			'Paid %s %s through %s (%s) for an invoice of %s %s', amount, upper(settle_invoice.currency),
			settle_invoice.gateway, reference, target.total, target.currency)
			where id = target.id;
		return jsonb_build_object('outcome', 'mismatch', 'invoice_id', target.id);
	end if;

	if amount > 0 then
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded')
		on conflict (gateway_reference) do nothing;
	end if;

	if target.status = 'paid' then
		return jsonb_build_object('outcome', 'already_paid', 'invoice_id', target.id,
			'service_id', target.service_id);
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

comment on function public.settle_invoice(text, text, uuid, bigint, text, text) is
	'Records a verified payment once per gateway event: pays the invoice when amount and currency match (flags it otherwise) and moves its service to provisioning.';

-- ---------------------------------------------------------------------------------------------
-- A declined payment, and the end of provisioning (running, or given up on)
-- ---------------------------------------------------------------------------------------------

create or replace function public.record_payment_failure(event_id text, gateway text, invoice uuid,
	reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
	insert into public.payment_events (id, gateway, type)
		values (record_payment_failure.gateway || ':' || event_id, record_payment_failure.gateway,
			'failed')
		on conflict (id) do nothing;
	if not found then
		return false;
	end if;
	update public.invoices set last_payment_error = left(reason, 500)
		where id = invoice and status in ('unpaid', 'overdue');
	return true;
end;
$$;

comment on function public.record_payment_failure(text, text, uuid, text) is
	'Notes a declined or failed payment on its invoice, once per gateway event; the invoice stays payable.';

create or replace function public.activate_service(service uuid, panel_server_id text,
	panel_identifier text, panel_address text, panel_url text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	owner uuid;
begin
	update public.services s set status = 'active',
		panel_server_id = activate_service.panel_server_id,
		panel_identifier = activate_service.panel_identifier,
		panel_address = activate_service.panel_address,
		panel_url = nullif(activate_service.panel_url, ''),
		provisioning_error = null,
		current_period_start = now(),
		current_period_end = now() + (case s.billing_cycle when 'monthly' then 1 when 'quarterly' then 3
			when 'semiannually' then 6 else 12 end) * interval '1 month'
		where s.id = service and s.status = 'provisioning'
		returning s.user_id into owner;
	if owner is null then
		return false;
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service, owner, 'provisioned', jsonb_build_object('address', panel_address));
	return true;
end;
$$;

comment on function public.activate_service(uuid, text, text, text, text) is
	'Marks a provisioning service as running on the panel and starts its first period; false when it was not provisioning.';

create or replace function public.give_up_provisioning(service uuid, error text, subject text,
	message text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	owner uuid;
	ticket uuid;
begin
	update public.services s set provisioning_error = left(error, 500),
		provisioning_attempts = s.provisioning_attempts + 1
		where s.id = service and s.status = 'provisioning'
		returning s.user_id into owner;
	if owner is null then
		return null;
	end if;
	insert into public.tickets (user_id, service_id, subject, department)
		values (owner, service, left(subject, 150), 'technical')
		returning id into ticket;
	insert into public.ticket_messages (ticket_id, user_id, author, body)
		values (ticket, owner, 'staff', message);
	return ticket;
end;
$$;

comment on function public.give_up_provisioning(uuid, text, text, text) is
	'After the last failed attempt: records why and opens a support ticket for the customer.';

revoke execute on function public.place_order(uuid, text, jsonb, jsonb, jsonb, text, text)
	from public, anon, authenticated;
revoke execute on function public.settle_invoice(text, text, uuid, bigint, text, text)
	from public, anon, authenticated;
grant execute on function public.place_order(uuid, text, jsonb, jsonb, jsonb, text, text) to service_role;
grant execute on function public.settle_invoice(text, text, uuid, bigint, text, text) to service_role;
revoke execute on function public.record_payment_failure(text, text, uuid, text),
	public.activate_service(uuid, text, text, text, text),
	public.give_up_provisioning(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment_failure(text, text, uuid, text),
	public.activate_service(uuid, text, text, text, text),
	public.give_up_provisioning(uuid, text, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- A refund reported by the gateway: recorded once; a full refund marks the invoice refunded
-- ---------------------------------------------------------------------------------------------

create or replace function public.record_refund(event_id text, gateway text, invoice uuid,
	amount bigint, currency text, reference text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	target public.invoices;
begin
	insert into public.payment_events (id, gateway, type)
		values (record_refund.gateway || ':' || event_id, record_refund.gateway, 'refunded')
		on conflict (id) do nothing;
	if not found then
		return 'duplicate';
	end if;
	select * into target from public.invoices i where i.id = invoice for update;
	if target.id is null or target.currency <> upper(record_refund.currency) then
		return 'unknown_invoice';
	end if;
	-- The gateway reports the total refunded so far: one refund row per payment, kept at the largest.
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status)
	values (target.id, target.user_id, 'refund', record_refund.gateway, 'refund:' || reference,
		amount, target.currency, 'succeeded')
	on conflict (gateway_reference) do update set amount = greatest(public.transactions.amount,
		excluded.amount);
	if amount >= target.total and target.status = 'paid' then
		update public.invoices set status = 'refunded' where id = target.id;
		return 'refunded';
	end if;
	return 'partial';
end;
$$;

comment on function public.record_refund(text, text, uuid, bigint, text, text) is
	'Records a gateway refund once per event; a refund of the whole total marks the invoice refunded.';

revoke execute on function public.record_refund(text, text, uuid, bigint, text, text)
	from public, anon, authenticated;
grant execute on function public.record_refund(text, text, uuid, bigint, text, text) to service_role;
