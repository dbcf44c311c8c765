-- Locations: every service records where it runs, one of the closed set of location ids
-- (src/lib/domain/location.ts; content/catalogue/locations.json says which are open), chosen by the
-- customer when ordering.
--
-- services.location has existed since 20261121120200_services.sql as free text defaulting to
-- 'oslo', which no code wrote: every server was placed in Oslo. It becomes the closed set, without
-- a default: place_order (below) writes the customer's choice, and an order without one is refused.
--
-- Existing services are placed where they actually run: before this migration the shop had one
-- site, the one every server page showed ("Oslo, Norway"): the game panel's only location and the
-- hypervisor node pve1. A VPS is placed by its machine's node (pve2 is Frankfurt's first node).
update public.services s set location = case
	when exists (select 1 from public.vps_machines m where m.service_id = s.id and m.node = 'pve2')
		then 'frankfurt'
	else 'oslo' end;

alter table public.services
	add constraint services_location_check
		check (location in ('oslo', 'frankfurt', 'stockholm', 'copenhagen', 'helsinki')),
	alter column location drop default;

comment on column public.services.location is
	'Where the server runs (a location id of content/catalogue/locations.json), chosen when ordered; only staff move it.';

-- ---------------------------------------------------------------------------------------------
-- place_order, whole, as 20261206120000_unpaid_holds.sql left it, plus: the service is placed
-- where the customer chose (service.location), and an order without a location is refused.
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

	-- Where it runs is the customer's choice, checked by the site (a location of the catalogue
	-- offering the product, with room now); no order is placed without one.
	if service ->> 'location' is null then
		raise exception 'location_required' using errcode = 'P0001',
			hint = 'service.location: the location id the customer chose.';
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
		recurring_amount, held_until, location)
	values (customer, service ->> 'product_type', service ->> 'game', service ->> 'plan_id',
		service ->> 'tier', (service ->> 'ram_gb')::integer, (service ->> 'storage_gb')::integer,
		coalesce((service ->> 'modpack_installation')::boolean, false),
		coalesce((service ->> 'subdomain_extra')::boolean, service ->> 'subdomain' is not null),
		service ->> 'subdomain', case when service ->> 'subdomain' is not null then 'pending' end,
		service ->> 'billing_cycle', amounts ->> 'currency', (amounts ->> 'subtotal')::bigint,
		now() + private.unpaid_hold(), service ->> 'location')
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
-- billing_candidates, whole, as 20261207130000_late_invoices.sql left it, plus where each service
-- runs: the renewal invoice's line names it (src/server/billing/run/renewal-invoice.ts).
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
		'game', s.game, 'plan_id', s.plan_id, 'ram_gb', s.ram_gb, 'location', s.location,
		'billing_cycle', s.billing_cycle,
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

