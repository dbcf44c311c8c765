-- Bench-only seed for the billing run: the demo seed plus 1,000 customers with 10 services each
-- (10,000 services). One service in ten is due within the notice period of the run's moment (its
-- period ends in three days), the rest later in the month. No saved cards: the run issues invoices.

insert into auth.users (id, instance_id, aud, role, email, encrypted_password, email_confirmed_at,
	raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
	format('payer%s@bench.example', n), '', now(), '{"provider":"email","providers":["email"]}',
	jsonb_build_object('first_name', 'Payer', 'last_name', n::text, 'country', 'NO'), now(), now()
from generate_series(1, 1000) as n;

insert into public.services (user_id, product_type, game, plan_id, tier, ram_gb, storage_gb, billing_cycle,
	currency, recurring_amount, status, current_period_start, current_period_end, location)
select u.id, 'game', 'palworld', 'palworld-standard', 'standard', 8, 25, 'monthly', 'EUR', 800, 'active',
	date_trunc('day', now()) - interval '27 days' + (k > 1)::int * interval '10 days',
	date_trunc('day', now()) + interval '3 days' + (k > 1)::int * interval '10 days', 'oslo'
from auth.users u cross join generate_series(1, 10) as k
where u.email like 'payer%@bench.example';

analyze;
