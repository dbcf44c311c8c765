-- =============================================================================================
-- A declined automatic payment, told plainly: each declined off-session charge is kept as a failed
-- payment of its invoice (with the gateway's decline code and the card it was tried on), so the
-- invoice page lists it and the billing mails sent after it can say why and on which card.
-- =============================================================================================

alter table public.transactions
	add column decline_code text check (char_length(decline_code) <= 100),
	add column card_brand text check (char_length(card_brand) <= 30),
	add column card_last4 text check (card_last4 ~ '^[0-9]{4}$');

comment on column public.transactions.decline_code is
	'A failed payment''s reason as the gateway coded it (e.g. insufficient_funds); shown translated.';
comment on column public.transactions.card_brand is 'The saved card a failed charge was tried on.';

drop function public.record_charge_attempt(uuid, integer, text);

-- `at` is the run's clock (a replayed run dates the attempt when it happened). `reference` is the
-- charge's idempotency key: a retried run records the same attempt once. The
-- row moved no money: what settles, refunds or offers money back counts succeeded payments only.
create or replace function public.record_charge_attempt(invoice uuid, attempts integer,
	error text, gateway text default null, reference text default null, amount bigint default null,
	decline_code text default null, method text default null, at timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	i public.invoices;
	m public.payment_methods;
begin
	update public.invoices x
		set charge_attempts = greatest(x.charge_attempts, record_charge_attempt.attempts),
		last_payment_error = coalesce(nullif(left(record_charge_attempt.error, 500), ''),
			x.last_payment_error)
		where x.id = record_charge_attempt.invoice and x.status in ('unpaid', 'overdue')
		returning x.* into i;
	if i.id is null or record_charge_attempt.decline_code is null
			or record_charge_attempt.reference is null then
		return;
	end if;
	select * into m from public.payment_methods x
		where x.user_id = i.user_id and x.gateway_reference = record_charge_attempt.method;
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status, decline_code, card_brand, card_last4, created_at)
	values (i.id, i.user_id, 'payment', record_charge_attempt.gateway,
		'declined:' || record_charge_attempt.reference, record_charge_attempt.amount, i.currency,
		'failed', left(record_charge_attempt.decline_code, 100), left(m.brand, 30), m.last4,
		record_charge_attempt.at)
	on conflict (gateway_reference) do nothing;
end;
$$;

revoke execute on function
	public.record_charge_attempt(uuid, integer, text, text, text, bigint, text, text, timestamptz)
	from public, anon, authenticated;
grant execute on function
	public.record_charge_attempt(uuid, integer, text, text, text, bigint, text, text, timestamptz)
	to service_role;

-- The owed mail, now with the invoice's latest declined charge (code, card, attempts so far).
create or replace function public.billing_notices_due(max integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'kind', n.kind, 'email', u.email,
		'locale', p.preferred_locale, 'plan_id', s.plan_id, 'number', i.number, 'total', i.total,
		'currency', i.currency, 'due_at', i.due_at, 'invoice_id', i.id,
		'charge_attempts', i.charge_attempts,
		'declined', (select jsonb_build_object('code', t.decline_code, 'brand', t.card_brand,
				'last4', t.card_last4, 'at', t.created_at)
			from public.transactions t
			where t.invoice_id = i.id and t.status = 'failed' and t.decline_code is not null
			order by t.created_at desc limit 1)
	) order by n.id), '[]'::jsonb)
	from (select * from public.billing_notices x where x.sent_at is null order by x.id limit max) n
	join auth.users u on u.id = n.user_id
	left join public.profiles p on p.id = n.user_id
	left join public.services s on s.id = n.service_id
	left join public.invoices i on i.id = n.invoice_id;
$$;
