-- =============================================================================================
-- Checkout, second pass.
-- place_order in fewer round trips: it also saves the billing details to the profile (in the
-- order's transaction, so a refused order changes nothing) and returns the customer's gateway id,
-- which the site server otherwise fetched with two more requests per checkout.
-- settle_invoice: a payment whose full refund arrived first is not fulfilled.
-- =============================================================================================

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

	-- Webhooks come in any order: a refund can arrive before the payment it refunds. A payment
	-- already refunded in full is recorded, and the order is cancelled rather than fulfilled.
	if amount > 0 and exists (select 1 from public.transactions t
			where t.gateway_reference = 'refund:' || reference and t.amount >= amount) then
		update public.invoices set status = 'refunded', paid_at = now(),
			gateway = settle_invoice.gateway
			where id = target.id and status = 'unpaid';
		update public.orders set status = 'cancelled' where id = target.order_id and status = 'pending';
		update public.services set status = 'cancelled'
			where id = target.service_id and status = 'pending_payment';
		return jsonb_build_object('outcome', 'refunded', 'invoice_id', target.id);
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
