-- =============================================================================================
-- VPS machines: what a paid VPS is delivered as. Each VPS service has one machine row (its node,
-- its VMID, the image, hostname and SSH keys it was ordered with), allocated in the order's
-- transaction, so a retried provisioning finds the same VMID and the hypervisor's own "config file
-- already exists" can never be a second machine. Addresses come from a pool per node, assigned
-- with the order (IPv4 always, IPv6 when the node has one free) and given back when the service
-- ends or an order stays unpaid; a unique index keeps one address per family per service and the
-- address itself unique. A generated password waits here sealed (encrypted by the site, which
-- alone holds the key) until the customer has seen it once.
-- =============================================================================================

create table public.vps_machines (
	service_id uuid primary key references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	node text not null check (node ~ '^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$'),
	vmid integer not null unique check (vmid between 100 and 999999999),
	image text not null check (image in ('debian-12', 'ubuntu-24.04', 'rocky-9', 'alma-9',
		'windows-server-2022')),
	hostname text not null check (hostname ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
	ssh_keys text[] not null default '{}' check (cardinality(ssh_keys) <= 10),
	cores integer not null check (cores between 1 and 512),
	created_at timestamptz not null default now()
);

comment on table public.vps_machines is
	'The machine a VPS service is delivered as: node, VMID (allocated with the order), image, hostname, SSH keys (none: a generated password).';

create index vps_machines_user on public.vps_machines (user_id);

alter table public.vps_machines enable row level security;

create policy "Customers read their own machines" on public.vps_machines
	for select to authenticated using (user_id = (select auth.uid()));

grant select on public.vps_machines to authenticated;
grant select, insert, update, delete on public.vps_machines to service_role;

-- VMIDs are never reused, even after a machine is gone: a late task on an old machine can never
-- touch a new customer's. Operators whose cluster already uses this range move the start
-- (`alter sequence private.vps_vmid restart with …`; docs/operations.md).
create sequence private.vps_vmid as integer start with 10000 minvalue 100 maxvalue 999999999;
grant usage on sequence private.vps_vmid to service_role;

create table public.vps_addresses (
	id bigint generated always as identity primary key,
	node text not null check (node ~ '^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$'),
	family smallint not null check (family in (4, 6)),
	address inet not null unique,
	prefix smallint not null,
	gateway inet not null,
	service_id uuid references public.services (id) on delete set null,
	assigned_at timestamptz,
	check (family(address) = family and family(gateway) = family),
	check (masklen(address) = case family when 4 then 32 else 128 end),
	check (prefix between 8 and case family when 4 then 32 else 128 end),
	check ((service_id is null) = (assigned_at is null))
);

comment on table public.vps_addresses is
	'The address pool: host addresses per node with their prefix and gateway; service_id is the VPS holding one (one per family).';

create unique index vps_addresses_one_per_family on public.vps_addresses (service_id, family)
	where service_id is not null;
create index vps_addresses_free on public.vps_addresses (node, family, address)
	where service_id is null;

alter table public.vps_addresses enable row level security;

create policy "Customers read their machines' addresses" on public.vps_addresses
	for select to authenticated using (exists (select 1 from public.services s
		where s.id = service_id and s.user_id = (select auth.uid())));

grant select on public.vps_addresses to authenticated;
grant select, insert, update, delete on public.vps_addresses to service_role;

create table private.vps_passwords (
	service_id uuid primary key references public.services (id) on delete cascade,
	sealed text not null check (char_length(sealed) <= 1000),
	created_at timestamptz not null default now()
);

comment on table private.vps_passwords is
	'A generated password sealed by the site (AES-GCM, key never in the database), kept until the customer has been shown it once.';

-- ---------------------------------------------------------------------------------------------
-- Addresses for a machine: idempotent (a service that holds them keeps them). Free rows are taken
-- with `skip locked`, so two orders at once never take the same address, and neither waits.
-- ---------------------------------------------------------------------------------------------

create function private.assign_vps_addresses(service uuid)
returns boolean
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
	machine public.vps_machines;
	taken integer;
begin
	select * into machine from public.vps_machines m where m.service_id = service;
	if machine.service_id is null then return false; end if;
	if not exists (select 1 from public.vps_addresses a
			where a.service_id = machine.service_id and a.family = 4) then
		update public.vps_addresses set service_id = machine.service_id, assigned_at = now()
			where id = (select a.id from public.vps_addresses a
				where a.node = machine.node and a.family = 4 and a.service_id is null
				order by a.address limit 1 for update skip locked);
		get diagnostics taken = row_count;
		if taken = 0 then return false; end if;
	end if;
	if not exists (select 1 from public.vps_addresses a
			where a.service_id = machine.service_id and a.family = 6) then
		update public.vps_addresses set service_id = machine.service_id, assigned_at = now()
			where id = (select a.id from public.vps_addresses a
				where a.node = machine.node and a.family = 6 and a.service_id is null
				order by a.address limit 1 for update skip locked);
	end if;
	return true;
end;
$$;

revoke execute on function private.assign_vps_addresses(uuid) from public, anon, authenticated;

-- The node: of those with the image's template, the one with the most free IPv4 addresses.
create function private.place_vps(customer uuid, service uuid, choice jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
	chosen text;
begin
	select a.node into chosen from public.vps_addresses a
		where a.family = 4 and a.service_id is null
			and a.node in (select jsonb_array_elements_text(choice -> 'nodes'))
		group by a.node order by count(*) desc, a.node limit 1;
	if chosen is not null then
		insert into public.vps_machines (service_id, user_id, node, vmid, image, hostname,
			ssh_keys, cores)
		values (service, customer, chosen, nextval('private.vps_vmid'), choice ->> 'image',
			choice ->> 'hostname',
			array(select jsonb_array_elements_text(coalesce(choice -> 'ssh_keys', '[]'))),
			(choice ->> 'cores')::integer);
	end if;
	if chosen is null or not private.assign_vps_addresses(service) then
		raise exception 'vps_addresses_exhausted' using errcode = 'P0001',
			hint = 'No free address on a node that has the image.';
	end if;
end;
$$;

revoke execute on function private.place_vps(uuid, uuid, jsonb) from public, anon, authenticated;

-- For provisioning: the machine's addresses, taken again when an unpaid order gave them back
-- meanwhile. False when the pool has none left on the machine's node.
create function public.vps_claim_addresses(service uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
	select private.assign_vps_addresses(service);
$$;

revoke execute on function public.vps_claim_addresses(uuid) from public, anon, authenticated;
grant execute on function public.vps_claim_addresses(uuid) to service_role;

-- An ended service gives its addresses back (after billing destroyed the machine: the database is
-- written after the hypervisor, host-steps.ts), and a generated password not yet shown is
-- forgotten: nobody will log in to that machine. One rule for every way a service ends.
create function private.release_vps_addresses()
returns trigger
language plpgsql
-- Whoever ends the service (billing as service_role, a refund function), the pool and the
-- private password table are the owner's to change.
security definer
set search_path = ''
as $$
begin
	update public.vps_addresses set service_id = null, assigned_at = null
		where service_id = new.id;
	delete from private.vps_passwords where service_id = new.id;
	return new;
end;
$$;

create trigger services_release_vps_addresses after update of status on public.services
	for each row when (new.status in ('cancelled', 'terminated')
		and old.status is distinct from new.status)
	execute function private.release_vps_addresses();

-- Unpaid orders do not hold the pool: the billing run gives back what orders unpaid for longer
-- than `older_than` hold; paying later takes addresses again (vps_claim_addresses).
create function public.release_unpaid_vps_addresses(older_than interval)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
	released integer;
begin
	update public.vps_addresses a set service_id = null, assigned_at = null
		from public.services s
		where s.id = a.service_id and s.status = 'pending_payment'
			and s.created_at < now() - older_than;
	get diagnostics released = row_count;
	return released;
end;
$$;

revoke execute on function public.release_unpaid_vps_addresses(interval)
	from public, anon, authenticated;
grant execute on function public.release_unpaid_vps_addresses(interval) to service_role;

-- The generated password: sealed by the site, shown once, then gone.
create function public.keep_vps_password(service uuid, sealed text)
returns void
language sql
security definer
set search_path = ''
as $$
	insert into private.vps_passwords (service_id, sealed) values (service, sealed)
		on conflict (service_id) do update set sealed = excluded.sealed, created_at = now();
$$;

create function public.take_vps_password(service uuid)
returns text
language sql
security definer
set search_path = ''
as $$
	delete from private.vps_passwords p where p.service_id = service returning p.sealed;
$$;

revoke execute on function public.keep_vps_password(uuid, text) from public, anon, authenticated;
revoke execute on function public.take_vps_password(uuid) from public, anon, authenticated;
grant execute on function public.keep_vps_password(uuid, text) to service_role;
grant execute on function public.take_vps_password(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- place_order, whole, as 20261126220000_one_invoice_rule.sql left it, plus the VPS's placement.
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

	-- A VPS gets its VMID and its addresses in the order's transaction: running out refuses the
	-- order (vps_addresses_exhausted) before anything is paid, and rolls all of it back.
	if jsonb_typeof(service -> 'vps') = 'object' then
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

