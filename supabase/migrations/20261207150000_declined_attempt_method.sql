-- A declined renewal charge says how it was tried. The billing run charges a saved method, and
-- saved methods are cards (payment_methods: brand, last four, expiry), so the failed attempt is
-- recorded as a card payment with that card, as a successful one is since 20261207130000; before,
-- its method was left empty and the invoice page showed "—" beside the card it names.

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
		where x.id = record_charge_attempt.invoice and private.invoice_is_open(x.status)
		returning x.* into i;
	if i.id is null or record_charge_attempt.decline_code is null
			or record_charge_attempt.reference is null then
		return;
	end if;
	select * into m from public.payment_methods x
		where x.user_id = i.user_id and x.gateway_reference = record_charge_attempt.method;
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status, decline_code, method, card_brand, card_last4, created_at)
	values (i.id, i.user_id, 'payment', record_charge_attempt.gateway,
		'declined:' || record_charge_attempt.reference, record_charge_attempt.amount, i.currency,
		'failed', left(record_charge_attempt.decline_code, 100),
		case when m.id is not null then 'card' end, left(m.brand, 30), m.last4,
		record_charge_attempt.at)
	on conflict (gateway_reference) do nothing;
end;
$$;
