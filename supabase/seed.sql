-- =============================================================================================
-- Demo data for the local stack only (never run against a hosted project).
-- The demo customer's panel shows every state on first run; a second customer makes isolation
-- visible. Dates are relative to now(), so the demo always looks current.
--
--   demo@frostnode.example   / frostnode-demo-2026   (the panel with everything in it)
--   other@frostnode.example  / frostnode-other-2026  (another customer)
--   staff@frostnode.example  / frostnode-staff-2026  (the staff console at /staff; two-factor
--     sign-in is on: add the secret FROSTSTAFFDEMOKEYFORLOCALUSEONLY to an authenticator app)
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- Customers (the profile trigger creates their profiles from the metadata)
-- ---------------------------------------------------------------------------------------------

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
	('5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', '00000000-0000-0000-0000-000000000000', 'authenticated',
		'authenticated', 'demo@frostnode.example', extensions.crypt('frostnode-demo-2026', extensions.gen_salt('bf')),
		now() - interval '200 days', '{"provider":"email","providers":["email"]}',
		'{"first_name":"Ingrid","last_name":"Solberg","locale":"no","country":"NO"}',
		now() - interval '200 days', now() - interval '200 days'),
	('9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02', '00000000-0000-0000-0000-000000000000', 'authenticated',
		'authenticated', 'other@frostnode.example', extensions.crypt('frostnode-other-2026', extensions.gen_salt('bf')),
		now() - interval '90 days', '{"provider":"email","providers":["email"]}',
		'{"first_name":"Jonas","last_name":"Becker","locale":"de","country":"DE"}',
		now() - interval '90 days', now() - interval '90 days');

-- Staff: a colleague's account with the staff role and a verified authenticator (TOTP) factor
-- whose secret is printed by npm start, so the console can be tried offline. Local stack only.
insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
	('3f6c2a1e-7b5d-4e8f-9a0b-1c2d3e4f5a03', '00000000-0000-0000-0000-000000000000', 'authenticated',
		'authenticated', 'staff@frostnode.example', extensions.crypt('frostnode-staff-2026', extensions.gen_salt('bf')),
		now() - interval '300 days', '{"provider":"email","providers":["email"]}',
		'{"first_name":"Sigrid","last_name":"Dahl","locale":"en","country":"NO"}',
		now() - interval '300 days', now() - interval '300 days');
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('3f6c2a1e-7b5d-4e8f-9a0b-1c2d3e4f5a04', '3f6c2a1e-7b5d-4e8f-9a0b-1c2d3e4f5a03', 'Demo',
	'totp', 'verified', now() - interval '300 days', now() - interval '300 days',
	'FROSTSTAFFDEMOKEYFORLOCALUSEONLY');
insert into public.staff_members (user_id) values ('3f6c2a1e-7b5d-4e8f-9a0b-1c2d3e4f5a03');

update public.profiles set address = 'Kirkegata 15', postal_code = '0153', city = 'Oslo',
	preferred_currency = 'NOK'
	where id = '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01';
update public.profiles set address = 'Bergmannstraße 42', postal_code = '10961', city = 'Berlin',
	preferred_currency = 'EUR'
	where id = '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02';

-- ---------------------------------------------------------------------------------------------
-- Discount codes (TEST123 gives 100 % and exists only here)
-- ---------------------------------------------------------------------------------------------

insert into public.discount_codes (code, percent, valid_from, valid_until, max_uses) values
	('FEB25', 25, now() - interval '30 days', now() + interval '365 days', null),
	('SP25', 25, now() - interval '30 days', now() + interval '365 days', 1000),
	('TEST123', 100, now() - interval '30 days', null, null);

-- ---------------------------------------------------------------------------------------------
-- The demo customer's services: active, pending cancellation, suspended
-- Amounts follow the catalogue: Palworld 8 GB monthly EUR 8.00; Minecraft premium 4 GB
-- quarterly NOK 216.00 plus modpack installation 60.00 and subdomain 30.00; Rust 10 GB monthly
-- NOK 100.00 plus 50 GB storage 20.00. VAT 25 % (Norway).
-- ---------------------------------------------------------------------------------------------

-- Each period is whole months back from its due date, on the due date's day (the anchor day), as
-- the billing run counts them (addCycle): the run then finds the renewals below for the periods
-- they bill and issues none of its own.
insert into public.services (id, user_id, product_type, game, plan_id, tier, label, ram_gb, storage_gb,
	billing_cycle, currency, recurring_amount, status, current_period_start, current_period_end, anchor_day,
	panel_server_id, panel_identifier, panel_url, location, created_at)
select v.id::uuid, '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'game', v.game, v.plan_id, v.tier, v.label, v.ram_gb,
	v.storage_gb, v.billing_cycle, v.currency, v.amount, v.status, v.due - v.cycle, v.due,
	extract(day from v.due), v.panel_server_id, v.panel_identifier, null, v.location, v.created_at
from (values
	('c0ffee00-0000-4000-8000-000000000101', 'palworld', 'palworld-standard', 'standard', 'Pal island', 8, 25,
		'monthly', 'EUR', 800, 'active', date_trunc('day', now()) + interval '18 days', interval '1 month',
		'sim-101', 'a1b2c3d4', 'oslo', now() - interval '72 days'),
	('c0ffee00-0000-4000-8000-000000000102', 'minecraft', 'minecraft-premium', 'premium', 'Survival with friends',
		4, 25, 'quarterly', 'NOK', 30600, 'active', date_trunc('day', now()) + interval '31 days',
		interval '3 months', 'sim-102', 'e5f6a7b8', 'oslo', now() - interval '150 days'),
	-- Due 5 days ago, unpaid: suspended on day 3, deleted on day 14 unless paid.
	('c0ffee00-0000-4000-8000-000000000103', 'rust', 'rust-standard', 'standard', 'Monthly wipe', 10, 50,
		'monthly', 'NOK', 12000, 'suspended', date_trunc('day', now()) - interval '5 days', interval '1 month',
		'sim-103', 'c9d0e1f2', 'frankfurt', now() - interval '95 days')
) as v (id, game, plan_id, tier, label, ram_gb, storage_gb, billing_cycle, currency, amount, status, due, cycle,
	panel_server_id, panel_identifier, location, created_at);

-- Her subdomain's records are published by the first billing run once the demo server has an address.
update public.services set modpack_installation = true, subdomain_extra = true, subdomain = 'ingrids-mc',
	subdomain_dns = 'pending'
	where id = 'c0ffee00-0000-4000-8000-000000000102';
update public.services set cancel_at_period_end = true,
	cancellation_reason = 'Our group is taking a break after the summer.',
	cancellation_requested_at = now() - interval '2 days'
	where id = 'c0ffee00-0000-4000-8000-000000000102';

insert into public.services (id, user_id, product_type, game, plan_id, tier, label, ram_gb, storage_gb,
	billing_cycle, currency, recurring_amount, status, current_period_start, current_period_end,
	panel_server_id, panel_identifier, location, created_at)
values
	('c0ffee00-0000-4000-8000-000000000201', '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02', 'game', 'valheim',
		'valheim-standard', 'standard', 'Wikinger', 6, 25, 'annually', 'EUR', 4800, 'active',
		date_trunc('day', now()) - interval '90 days',
		date_trunc('day', now()) - interval '90 days' + interval '1 year', 'sim-201', 'f3a4b5c6', 'frankfurt', now() - interval '90 days');

-- ---------------------------------------------------------------------------------------------
-- Invoices: paid and unpaid, in EUR and NOK, one overdue with a late fee line
-- ---------------------------------------------------------------------------------------------

-- Periods come from the services above (`due`: the service's due date, `k`: cycles after it), so
-- each renewal starts exactly where the billing run looks for it. The overdue one has had all its
-- card retries (due date, days 1 and 3) and its late fee has reached its cap, 3 days at 10 NOK.
insert into public.invoices (id, user_id, service_id, kind, status, currency, subtotal, discount, tax_rate,
	tax, late_fee, total, period_start, period_end, issued_at, due_at, paid_at, charge_attempts,
	last_payment_error, billing_name, billing_address, billing_postal_code, billing_city, billing_country)
select v.id::uuid, '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', s.id, v.kind, v.status, s.currency, v.subtotal,
	v.discount, 25, v.tax, v.late_fee, v.subtotal - v.discount + v.tax + v.late_fee, p.start_at, p.end_at,
	p.issued_at, p.start_at,
	-- A first order is paid as it is placed; a renewal the day before its due date.
	case when v.status <> 'paid' then null when v.kind = 'new' then p.issued_at
		else p.start_at - interval '1 day' end,
	v.attempts, v.error, 'Ingrid Solberg', 'Kirkegata 15', '0153', 'Oslo', 'NO'
from (values
	('11111111-0000-4000-8000-000000000001', 'c0ffee00-0000-4000-8000-000000000101', 'new', 'paid',
		800, 200, 150, 0, -3, null, 0, null),
	('11111111-0000-4000-8000-000000000002', 'c0ffee00-0000-4000-8000-000000000101', 'renewal', 'paid',
		800, 0, 200, 0, -2, null, 0, null),
	('11111111-0000-4000-8000-000000000003', 'c0ffee00-0000-4000-8000-000000000101', 'renewal', 'paid',
		800, 0, 200, 0, -1, null, 0, null),
	('11111111-0000-4000-8000-000000000004', 'c0ffee00-0000-4000-8000-000000000102', 'renewal', 'paid',
		30600, 0, 7650, 0, -1, null, 0, null),
	('11111111-0000-4000-8000-000000000005', 'c0ffee00-0000-4000-8000-000000000103', 'renewal', 'overdue',
		12000, 0, 3000, 3000, 0, null, 3, 'Your card has expired.'),
	-- Renewed early by the customer (before the run's notice 7 days ahead), not yet paid.
	('11111111-0000-4000-8000-000000000006', 'c0ffee00-0000-4000-8000-000000000101', 'renewal', 'unpaid',
		800, 0, 200, 0, 0, now() - interval '1 day', 0, null)
) as v (id, service_id, kind, status, subtotal, discount, tax, late_fee, k, issued_at, attempts, error)
join public.services s on s.id = v.service_id::uuid
cross join lateral (select case s.billing_cycle when 'quarterly' then interval '3 months'
	else interval '1 month' end as length) c
cross join lateral (select s.current_period_end + v.k * c.length as start_at,
	s.current_period_end + (v.k + 1) * c.length as end_at) b
-- A renewal is issued a week before its due date, the first order when its period starts.
cross join lateral (select b.start_at, b.end_at, coalesce(v.issued_at, case v.kind
	when 'new' then b.start_at else b.start_at - interval '7 days' end) as issued_at) p
order by p.issued_at;

insert into public.invoice_items (invoice_id, user_id, position, kind, description, unit_amount, amount, taxable)
select i.id, i.user_id, 1, 'service',
	case i.service_id
		when 'c0ffee00-0000-4000-8000-000000000101' then 'Palworld server, 8 GB RAM, 25 GB storage (monthly)'
		when 'c0ffee00-0000-4000-8000-000000000102' then 'Minecraft premium server, 4 GB RAM, 25 GB storage, modpack installation, subdomain (quarterly)'
		else 'Rust server, 10 GB RAM, 50 GB storage (monthly)'
	end,
	i.subtotal, i.subtotal, true
from public.invoices i where i.user_id = '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01';

insert into public.invoice_items (invoice_id, user_id, position, kind, description, quantity, unit_amount, amount, taxable)
values ('11111111-0000-4000-8000-000000000005', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 2, 'late_fee',
	'Late fee, 3 days at 10 NOK', 3, 1000, 3000, false);

insert into public.invoices (user_id, service_id, kind, status, currency, subtotal, discount, tax_rate, tax,
	total, period_start, period_end, issued_at, due_at, paid_at, billing_name, billing_address,
	billing_postal_code, billing_city, billing_country)
values ('9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02', 'c0ffee00-0000-4000-8000-000000000201', 'new', 'paid', 'EUR',
	4800, 0, 19, 912, 5712, date_trunc('day', now()) - interval '90 days',
	date_trunc('day', now()) - interval '90 days' + interval '1 year', now() - interval '90 days',
	now() - interval '90 days', now() - interval '90 days', 'Jonas Becker', 'Bergmannstraße 42', '10961',
	'Berlin', 'DE');

insert into public.invoice_items (invoice_id, user_id, kind, description, unit_amount, amount)
select id, user_id, 'service', 'Valheim server, 6 GB RAM, 25 GB storage (annually)', subtotal, subtotal
from public.invoices where user_id = '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02';

-- Each line also as data, so every customer reads it in their language (invoice_items.line).
update public.invoice_items x set line = case
	when x.kind = 'late_fee' then jsonb_build_object('kind', 'lateFee', 'days', x.quantity)
	when i.kind = 'renewal' then jsonb_build_object('kind', 'renewal', 'plan', s.plan_id,
		'ramGb', s.ram_gb, 'cycle', s.billing_cycle,
		'from', to_char(i.period_start at time zone 'UTC', 'YYYY-MM-DD'),
		'to', to_char(i.period_end at time zone 'UTC', 'YYYY-MM-DD'))
	else jsonb_build_object('kind', 'plan', 'plan', s.plan_id, 'tier', s.tier, 'ramGb', s.ram_gb,
		'cycle', s.billing_cycle) end
from public.invoices i join public.services s on s.id = i.service_id
where i.id = x.invoice_id;

insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount, currency,
	status, created_at)
select id, user_id, 'payment', 'test', 'seed_' || replace(id::text, '-', ''), total, currency, 'succeeded', paid_at
from public.invoices where status = 'paid';

insert into public.payment_methods (user_id, gateway, gateway_reference, brand, last4, exp_month, exp_year,
	is_default)
values ('5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'test', 'seed_card_demo', 'visa', '4242', 8,
	extract(year from now())::int + 2, true);

-- ---------------------------------------------------------------------------------------------
-- Activity history
-- ---------------------------------------------------------------------------------------------

insert into public.service_activity (service_id, user_id, event, detail, created_at)
select s.id, s.user_id, e.event, e.detail::jsonb, e.at
from public.services s
join (values
	('c0ffee00-0000-4000-8000-000000000101', 'created', '{}', now() - interval '72 days'),
	('c0ffee00-0000-4000-8000-000000000101', 'paid', '{}', now() - interval '72 days'),
	('c0ffee00-0000-4000-8000-000000000101', 'provisioned', '{}', now() - interval '72 days' + interval '1 minute'),
	('c0ffee00-0000-4000-8000-000000000101', 'renewed', '{}', now() - interval '43 days'),
	('c0ffee00-0000-4000-8000-000000000101', 'restarted', '{}', now() - interval '20 days'),
	('c0ffee00-0000-4000-8000-000000000101', 'renewed', '{}', now() - interval '13 days'),
	('c0ffee00-0000-4000-8000-000000000102', 'created', '{}', now() - interval '150 days'),
	('c0ffee00-0000-4000-8000-000000000102', 'upgraded', '{"ram_gb":{"from":2,"to":4}}', now() - interval '100 days'),
	('c0ffee00-0000-4000-8000-000000000102', 'renewed', '{}', now() - interval '61 days'),
	('c0ffee00-0000-4000-8000-000000000102', 'cancellation_requested', '{}', now() - interval '2 days'),
	('c0ffee00-0000-4000-8000-000000000103', 'created', '{}', now() - interval '95 days'),
	('c0ffee00-0000-4000-8000-000000000103', 'stopped', '{}', now() - interval '9 days'),
	('c0ffee00-0000-4000-8000-000000000103', 'suspended', '{"reason":"overdue"}', now() - interval '2 days'),
	('c0ffee00-0000-4000-8000-000000000201', 'created', '{}', now() - interval '90 days')
) as e (service_id, event, detail, at) on e.service_id::uuid = s.id;

-- ---------------------------------------------------------------------------------------------
-- Support: an open and a closed ticket
-- ---------------------------------------------------------------------------------------------

insert into public.tickets (id, user_id, service_id, subject, department, status, created_at, updated_at) values
	('22222222-0000-4000-8000-000000000001', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01',
		'c0ffee00-0000-4000-8000-000000000103', 'Rust server suspended after payment reminder', 'billing', 'open',
		now() - interval '1 day', now() - interval '1 day'),
	('22222222-0000-4000-8000-000000000002', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01',
		'c0ffee00-0000-4000-8000-000000000102', 'How do I install a Fabric modpack?', 'technical', 'closed',
		now() - interval '30 days', now() - interval '29 days');

insert into public.ticket_messages (ticket_id, user_id, author, body, created_at) values
	('22222222-0000-4000-8000-000000000001', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'customer',
		'My card expired and the Rust server was suspended. I have updated the card; can you take the payment again?',
		now() - interval '1 day'),
	('22222222-0000-4000-8000-000000000002', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'customer',
		'I want to run a Fabric modpack from Modrinth. Where do I upload it?', now() - interval '30 days'),
	('22222222-0000-4000-8000-000000000002', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'staff',
		'Open the panel, choose Modpacks, search for the pack and press Install. Your world is backed up first.',
		now() - interval '29 days' - interval '2 hours'),
	('22222222-0000-4000-8000-000000000002', '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', 'customer',
		'That worked, thanks!', now() - interval '29 days');

-- The VPS address pool of the local stack: documentation ranges (RFC 5737, RFC 3849) on the
-- simulated hypervisor's node pve1. 240 IPv4 and 240 IPv6 host addresses.
insert into public.vps_addresses (node, family, address, prefix, gateway)
select 'pve1', 4, ('203.0.113.' || n)::inet, 24, '203.0.113.1'::inet
	from generate_series(10, 249) as n
union all
select 'pve1', 6, ('2001:db8:f05::' || to_hex(n))::inet, 64, '2001:db8:f05::1'::inet
	from generate_series(16, 255) as n;
-- Frankfurt's node pve2 (content/catalogue/locations.json): its own documentation ranges.
insert into public.vps_addresses (node, family, address, prefix, gateway)
select 'pve2', 4, ('198.51.100.' || n)::inet, 24, '198.51.100.1'::inet
	from generate_series(10, 249) as n
union all
select 'pve2', 6, ('2001:db8:f06::' || to_hex(n))::inet, 64, '2001:db8:f06::1'::inet
	from generate_series(16, 255) as n;
