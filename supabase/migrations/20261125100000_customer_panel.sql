-- =============================================================================================
-- Customer panel reads: what the dashboard and the invoice list show, read as the customer so
-- row-level security decides what they see. Nothing here writes.
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- One invoice as a list row: its service and the text the list's search matches
-- ---------------------------------------------------------------------------------------------

create view public.invoice_list with (security_invoker = true) as
select
	i.id,
	i.user_id,
	i.number,
	i.kind,
	i.status,
	i.currency,
	i.total,
	i.issued_at,
	i.due_at,
	i.paid_at,
	i.service_id,
	s.product_type as service_type,
	s.game as service_game,
	s.plan_id as service_plan,
	s.label as service_label,
	-- Number, service (game, plan, label) and amount as the customer types it (12.50): the status
	-- has a filter of its own, in the customer's language.
	lower(concat_ws(' ', i.number, replace(s.game, '-', ' '), s.plan_id, s.label, s.product_type,
		to_char(i.total / 100.0, 'FM999999999990.00'))) as search_text
from public.invoices i
left join public.services s on s.id = i.service_id;

comment on view public.invoice_list is
	'Invoices with their service for the panel''s lists; security invoker, so the caller sees only their own.';

revoke all on public.invoice_list from anon, public;
grant select on public.invoice_list to authenticated;

-- Sorting a customer's invoices by due date or amount stays an index scan at thousands of rows.
create index invoices_user_due_idx on public.invoices (user_id, due_at);
create index invoices_user_total_idx on public.invoices (user_id, total);

-- ---------------------------------------------------------------------------------------------
-- The dashboard in one round trip
-- ---------------------------------------------------------------------------------------------

-- The summary figures, now with the caller named in each query (same answer, indexed plans).
create or replace function public.dashboard_summary()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
	select jsonb_build_object(
		'active_servers', (select count(*) from public.services s
			where s.user_id = (select auth.uid()) and s.status = 'active'),
		'unpaid_invoices', (select count(*) from public.invoices i
			where i.user_id = (select auth.uid()) and i.status in ('unpaid', 'overdue')),
		'active_tickets', (select count(*) from public.tickets t
			where t.user_id = (select auth.uid()) and t.status in ('open', 'answered')),
		'total_spent', coalesce((
			select jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount) order by currency)
			from (
				select i.currency, sum(i.total)::bigint as amount from public.invoices i
				where i.user_id = (select auth.uid()) and i.status = 'paid' group by i.currency
			) spent
		), '[]'::jsonb)
	);
$$;

create or replace function public.panel_dashboard()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
	-- The explicit user filters repeat what the policies say, so the planner can use the
	-- per-customer indexes instead of filtering every row through the policy.
	select jsonb_build_object(
		'summary', public.dashboard_summary(),
		'first_name', (select p.first_name from public.profiles p where p.id = (select auth.uid())),
		'open_invoices', coalesce((
			select jsonb_agg(to_jsonb(o) - 'search_text' - 'user_id' order by o.due_at)
			from (
				select * from public.invoice_list l
				where l.user_id = (select auth.uid()) and l.status in ('unpaid', 'overdue')
				order by l.due_at limit 10
			) o
		), '[]'::jsonb),
		'recent_invoices', coalesce((
			select jsonb_agg(to_jsonb(r) - 'search_text' - 'user_id' order by r.issued_at desc)
			from (
				select * from public.invoice_list l
				where l.user_id = (select auth.uid())
				order by l.issued_at desc limit 5
			) r
		), '[]'::jsonb),
		'services', coalesce((
			select jsonb_agg(jsonb_build_object(
				'id', s.id, 'product_type', s.product_type, 'game', s.game, 'plan_id', s.plan_id,
				'tier', s.tier, 'label', s.label, 'ram_gb', s.ram_gb, 'status', s.status,
				'cancel_at_period_end', s.cancel_at_period_end,
				'current_period_end', s.current_period_end, 'currency', s.currency,
				'recurring_amount', s.recurring_amount, 'billing_cycle', s.billing_cycle,
				'panel_server_id', s.panel_server_id, 'panel_identifier', s.panel_identifier
			) order by s.created_at desc)
			from (
				select * from public.services s
				where s.user_id = (select auth.uid()) and s.status <> 'terminated'
				order by s.created_at desc limit 50
			) s
		), '[]'::jsonb)
	);
$$;

comment on function public.panel_dashboard() is
	'The panel dashboard for the caller: summary figures, open and recent invoices, their servers.';

revoke execute on function public.panel_dashboard() from public, anon;
grant execute on function public.panel_dashboard() to authenticated;
