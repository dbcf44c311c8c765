-- Bench-only seed: the demo seed plus 1,000 customers with 20 invoices each (20,000 invoices),
-- their services, invoice lines and tickets, so the panel's queries are measured at a realistic
-- size, and one heavy customer (heavy@bench.example) with 1,000 invoices of their own, the one the
-- panel benches sign in as. Passwords are bcrypt of 'bench-password-2026' at a low cost, to keep
-- seeding quick.

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
	format('customer%s@bench.example', n), extensions.crypt('bench-password-2026', extensions.gen_salt('bf', 4)),
	now(), '{"provider":"email","providers":["email"]}',
	jsonb_build_object('first_name', 'Customer', 'last_name', n::text, 'country', 'NO'), now(), now()
from generate_series(1, 1000) as n;

insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb, billing_cycle,
	currency, recurring_amount, status, current_period_start, current_period_end, location)
select u.id, 'game', 'palworld', 'palworld-standard', 'standard', 8, 25, 'monthly', 'EUR', 800,
	'active', now() - interval '10 days', now() + interval '20 days', 'oslo'
from auth.users u where u.email like '%@bench.example';

insert into public.invoices (user_id, service_id, kind, status, currency, subtotal, tax_rate, tax, total,
	issued_at, due_at, paid_at)
select s.user_id, s.id, case when n = 1 then 'new' else 'renewal' end,
	case when n = 20 then 'unpaid' else 'paid' end, 'EUR', 800, 25, 200, 1000,
	now() - (20 - n) * interval '30 days', now() - (20 - n) * interval '30 days' + interval '7 days',
	case when n = 20 then null else now() - (20 - n) * interval '30 days' end
from public.services s cross join generate_series(1, 20) as n
where s.plan_id = 'palworld-standard' and s.user_id in (select id from auth.users where email like '%@bench.example');

insert into public.invoice_items (invoice_id, user_id, kind, description, unit_amount, amount)
select i.id, i.user_id, 'service', 'Palworld server, 8 GB RAM, 25 GB storage (monthly)', 800, 800
from public.invoices i where i.user_id in (select id from auth.users where email like '%@bench.example');

insert into public.tickets (user_id, subject, department, status)
select u.id, 'Question about my server', 'technical', 'closed'
from auth.users u where u.email like '%@bench.example';

-- ---------------------------------------------------------------------------------------------
-- The heavy customer: inserted after the statements above (which pick customers by address),
-- so they get none of those rows. 1,000 invoices over eight years on four servers, EUR and NOK:
-- mostly paid with their payment, some refunded or cancelled, 7 overdue with a late fee and a
-- failed charge, 7 open (one an upgrade with its upgrade order), two saved cards and tickets.
-- No server has a game-panel id, so the dashboard asks the game panel nothing.
-- ---------------------------------------------------------------------------------------------

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('b0000000-0000-4000-8000-000000000001', '00000000-0000-0000-0000-000000000000', 'authenticated',
	'authenticated', 'heavy@bench.example', extensions.crypt('bench-password-2026', extensions.gen_salt('bf', 4)),
	now(), '{"provider":"email","providers":["email"]}',
	'{"first_name":"Hedda","last_name":"Heavy","country":"NO"}', now() - interval '8 years', now());

insert into public.services (id, user_id, product_type, game, plan_id, tier, label, ram_gb, storage_gb,
	billing_cycle, currency, recurring_amount, status, current_period_start, current_period_end, created_at,
	location)
select v.id::uuid, 'b0000000-0000-4000-8000-000000000001', v.type, v.game, v.plan, v.tier, v.label, v.ram, 50,
	v.cycle::public.billing_cycle, v.currency, v.amount, v.status,
	date_trunc('day', now()) - interval '10 days', date_trunc('day', now()) + interval '20 days',
	now() - interval '8 years', 'oslo'
from (values
	('b0000000-0000-4000-8000-000000000101', 'game', 'palworld', 'palworld-standard', 'standard', 'Pal island', 8, 'monthly', 'EUR', 800, 'active'),
	('b0000000-0000-4000-8000-000000000102', 'game', 'minecraft', 'minecraft-premium', 'premium', 'Survival world', 4, 'quarterly', 'NOK', 30600, 'active'),
	('b0000000-0000-4000-8000-000000000103', 'vps', null, 'vps-premium', 'premium', 'Build box', 8, 'monthly', 'NOK', 12000, 'active'),
	('b0000000-0000-4000-8000-000000000104', 'game', 'valheim', 'valheim-standard', 'standard', 'Old viking world', 6, 'annually', 'EUR', 4800, 'cancelled')
) as v (id, type, game, plan, tier, label, ram, cycle, currency, amount, status);

-- Invoice n is for server (n - 1) % 4 + 1, issued 3 days after invoice n - 1; extras make the
-- amounts differ (EUR 10.00 is one of them, for the amount search). VAT 25 %.
insert into public.invoices (user_id, service_id, kind, status, currency, subtotal, tax_rate, tax, late_fee,
	total, period_start, period_end, issued_at, due_at, paid_at, charge_attempts, billing_name, billing_country)
select s.user_id, s.id, v.kind, v.status, s.currency, v.subtotal, 25, v.subtotal / 4, v.late_fee,
	v.subtotal + v.subtotal / 4 + v.late_fee, v.period_start,
	case when v.kind = 'upgrade' then s.current_period_end else v.period_start + interval '1 month' end,
	v.issued_at, v.issued_at + interval '21 days',
	case when v.status in ('paid', 'refunded') then v.issued_at + interval '1 day' end,
	case when v.status = 'overdue' then 3 else 0 end, 'Hedda Heavy', 'NO'
from generate_series(1, 1000) as n
join public.services s on s.id = format('b0000000-0000-4000-8000-%s', lpad((100 + (n - 1) % 4 + 1)::text, 12, '0'))::uuid
cross join lateral (select
	case when n <= 4 then 'new' when n = 999 then 'upgrade' else 'renewal' end as kind,
	case when n >= 994 then 'unpaid' when n between 985 and 991 then 'overdue'
		when n % 150 = 0 then 'refunded' when n % 111 = 0 then 'cancelled' else 'paid' end as status,
	s.recurring_amount + (n % 5) * case when s.currency = 'EUR' then 100 else 1000 end as subtotal,
	case when n between 985 and 991 then case when s.currency = 'EUR' then 500 else 5000 end else 0 end as late_fee,
	now() - (1000 - n) * interval '3 days' as issued_at,
	case when n = 999 then date_trunc('day', now()) else now() - (1000 - n) * interval '3 days' end as period_start
) v
order by n;

insert into public.invoice_items (invoice_id, user_id, position, kind, description, quantity, unit_amount, amount, taxable)
select i.id, i.user_id, l.position, l.kind, l.description, l.quantity, l.unit_amount, l.quantity * l.unit_amount, l.kind <> 'late_fee'
from public.invoices i
join public.services s on s.id = i.service_id
cross join lateral (values
	(1, case when i.kind = 'upgrade' then 'upgrade' else 'service' end,
		case when i.kind = 'upgrade' then 'Upgrade to 16 GB RAM, rest of the period'
			else format('%s, %s GB RAM, 50 GB storage (%s)', s.label, s.ram_gb, s.billing_cycle) end,
		1, case when i.kind = 'upgrade' then i.subtotal else s.recurring_amount end),
	(2, 'service', 'Extra storage and daily backups', 1, i.subtotal - s.recurring_amount),
	(3, 'late_fee', 'Late fee, 5 days', 5, i.late_fee / 5)
) as l (position, kind, description, quantity, unit_amount)
where i.user_id = 'b0000000-0000-4000-8000-000000000001'
	and (l.position = 1 or (l.position = 2 and i.kind <> 'upgrade' and i.subtotal > s.recurring_amount)
		or (l.position = 3 and i.late_fee > 0));

insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount, currency, status, created_at)
select i.id, i.user_id, t.kind, 'test', format('bench-heavy-%s-%s', t.kind, i.number), i.total, i.currency,
	t.status, coalesce(i.paid_at, i.due_at) + t.later
from public.invoices i
cross join lateral (values ('payment', 'succeeded', interval '0'), ('refund', 'succeeded', interval '2 days'),
	('payment', 'failed', interval '0')) as t (kind, status, later)
where i.user_id = 'b0000000-0000-4000-8000-000000000001'
	and ((t.kind = 'payment' and t.status = 'succeeded' and i.status in ('paid', 'refunded'))
		or (t.kind = 'refund' and i.status = 'refunded')
		or (t.status = 'failed' and i.status = 'overdue'));

insert into public.service_upgrades (service_id, user_id, from_config, to_config, currency, prorated_amount,
	new_recurring_amount, invoice_id, status)
select i.service_id, i.user_id, '{"ram_gb": 8, "storage_gb": 50}', '{"ram_gb": 16, "storage_gb": 50}', i.currency,
	i.subtotal, 18000, i.id, 'pending'
from public.invoices i where i.user_id = 'b0000000-0000-4000-8000-000000000001' and i.kind = 'upgrade';

insert into public.payment_methods (user_id, gateway, gateway_reference, brand, last4, exp_month, exp_year,
	is_default, created_at)
values
	('b0000000-0000-4000-8000-000000000001', 'test', 'bench-heavy-card-1', 'visa', '4242', 12, 2030, true, now() - interval '2 years'),
	('b0000000-0000-4000-8000-000000000001', 'test', 'bench-heavy-card-2', 'mastercard', '4444', 1, 2025, false, now() - interval '5 years');

insert into public.tickets (user_id, subject, department, status)
values ('b0000000-0000-4000-8000-000000000001', 'Invoice question', 'billing', 'open'),
	('b0000000-0000-4000-8000-000000000001', 'Lag spikes at night', 'technical', 'closed');

analyze;
