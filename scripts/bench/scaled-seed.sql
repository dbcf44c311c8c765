-- Bench-only seed: the demo seed plus 1,000 customers with 20 invoices each (20,000 invoices),
-- their services, invoice lines and tickets, so the panel's queries are measured at a realistic
-- size. Passwords are bcrypt of 'bench-password-2026' at a low cost, to keep seeding quick.

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
	format('customer%s@bench.example', n), extensions.crypt('bench-password-2026', extensions.gen_salt('bf', 4)),
	now(), '{"provider":"email","providers":["email"]}',
	jsonb_build_object('first_name', 'Customer', 'last_name', n::text, 'country', 'NO'), now(), now()
from generate_series(1, 1000) as n;

insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb, billing_cycle,
	currency, recurring_amount, status, current_period_start, current_period_end)
select u.id, 'game', 'palworld', 'palworld-standard', 'standard', 8, 25, 'monthly', 'EUR', 800,
	'active', now() - interval '10 days', now() + interval '20 days'
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

analyze;
