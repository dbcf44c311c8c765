-- =============================================================================================
-- Service subdomains: the "Your own subdomain" extra is recorded on the service apart from its
-- label, so it is priced in upgrades and renewals even while no label is set; the label is unique
-- among live services (an ended service frees it); the state of its DNS records is kept so a DNS
-- outage never loses the server and the site can retry and show it.
-- =============================================================================================

alter table public.services
	add column subdomain_extra boolean not null default false,
	add column subdomain_dns text check (subdomain_dns in ('pending', 'published', 'failed', 'removed')),
	add column subdomain_dns_error text check (char_length(subdomain_dns_error) <= 500),
	add column subdomain_dns_at timestamptz,
	add column subdomain_dns_label text;

-- Every service that already has a label bought the extra.
update public.services set subdomain_extra = true where subdomain is not null;

alter table public.services
	add constraint services_subdomain_needs_extra check (subdomain is null or subdomain_extra),
	add constraint services_subdomain_length check (subdomain is null
		or char_length(subdomain) between 3 and 32);

comment on column public.services.subdomain_extra is
	'The paid "own subdomain" extra: priced in the cycle amount, upgrades and renewals.';
comment on column public.services.subdomain is
	'The customer''s DNS label (label.<zone>); unique among live services, src/lib/subdomain.ts.';
comment on column public.services.subdomain_dns_label is
	'The label whose records are in DNS now: removed when the label changes or the service ends.';
comment on column public.services.subdomain_dns is
	'The label''s DNS records: pending (to publish), published, failed (retried), removed (ended).';

-- One live service per label; cancelled and terminated services keep theirs as history but free it.
create unique index services_live_subdomain on public.services (subdomain)
	where subdomain is not null and status not in ('cancelled', 'terminated');

-- Services whose records are owed (to publish or to remove), for the retry sweep.
create index services_subdomain_dns_owed on public.services (subdomain_dns_at)
	where subdomain_dns in ('pending', 'failed');

-- place_order records the extra and the label (20261123140000_checkout_second_pass.sql otherwise).
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

