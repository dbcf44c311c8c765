-- =============================================================================================
-- Dashboard: the panel's summary figures in one round trip.
-- =============================================================================================

create or replace function public.dashboard_summary()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
	select jsonb_build_object(
		'active_servers',
			(select count(*) from public.services s where s.status = 'active'),
		'unpaid_invoices',
			(select count(*) from public.invoices i where i.status in ('unpaid', 'overdue')),
		'active_tickets',
			(select count(*) from public.tickets t where t.status in ('open', 'answered')),
		'total_spent',
			coalesce((
				select jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount) order by currency)
				from (
					select i.currency, sum(i.total)::bigint as amount
					from public.invoices i where i.status = 'paid' group by i.currency
				) spent
			), '[]'::jsonb)
	);
$$;

comment on function public.dashboard_summary() is
	'Counts of active servers, unpaid invoices, open tickets and the total paid per currency, for the caller only (row-level security applies).';

revoke execute on function public.dashboard_summary() from public, anon;
grant execute on function public.dashboard_summary() to authenticated;
