-- =============================================================================================
-- Paying several invoices at once: a bundle is one gateway payment for the open invoices a
-- customer picked, in one currency. Its total is the sum of their totals when it was made; a
-- verified payment of that total settles each invoice through settle_invoice, as if each had been
-- paid on its own (so an invoice whose total changed since is flagged, not fulfilled). Service role
-- only.
-- =============================================================================================

create table public.payment_bundles (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	currency public.currency_code not null,
	total public.money_minor not null check (total > 0),
	-- Each invoice with the total it had when the bundle was made.
	invoices jsonb not null check (jsonb_typeof(invoices) = 'array'),
	status text not null default 'open' check (status in ('open', 'paid')),
	created_at timestamptz not null default now()
);

comment on table public.payment_bundles is
	'One payment for several open invoices of one customer; settled invoice by invoice.';

create index payment_bundles_user_id_idx on public.payment_bundles (user_id);

alter table public.payment_bundles enable row level security;
create policy "Customers read their own payment bundles" on public.payment_bundles
	for select to authenticated using ((select auth.uid()) = user_id);
revoke insert, update, delete on public.payment_bundles from anon, authenticated;

create or replace function public.create_payment_bundle(customer uuid, invoice_ids uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	found integer;
	currencies integer;
	made public.payment_bundles;
begin
	select count(*), count(distinct i.currency) into found, currencies
		from public.invoices i
		where i.id = any (invoice_ids) and i.user_id = customer and i.status in ('unpaid', 'overdue')
			and i.total > 0;
	if found = 0 or found <> cardinality(invoice_ids) then
		raise exception 'not_payable' using errcode = 'P0001';
	end if;
	if currencies > 1 then
		raise exception 'mixed_currencies' using errcode = 'P0001';
	end if;
	insert into public.payment_bundles (user_id, currency, total, invoices)
	select customer, min(i.currency), sum(i.total),
		jsonb_agg(jsonb_build_object('id', i.id, 'total', i.total) order by i.issued_at)
		from public.invoices i where i.id = any (invoice_ids)
	returning * into made;
	return jsonb_build_object('bundle_id', made.id, 'total', made.total, 'currency', made.currency);
end;
$$;

-- The invoices a paid bundle settled now (outcome 'paid'), for the site to carry each on.
create or replace function public.settle_payment_bundle(event_id text, gateway text, bundle uuid,
	amount bigint, currency text, reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	b public.payment_bundles;
	item jsonb;
	outcome jsonb;
	settled jsonb := '[]'::jsonb;
begin
	select * into b from public.payment_bundles x where x.id = bundle for update;
	if b.id is null then
		return null;
	end if;
	if b.total <> amount or b.currency <> upper(settle_payment_bundle.currency) then
		update public.invoices i set review_reason = format('Paid %s %s for bundle %s of %s %s',
			amount, upper(settle_payment_bundle.currency), b.id, b.total, b.currency)
			where i.id in (select (e ->> 'id')::uuid from jsonb_array_elements(b.invoices) e);
		return jsonb_build_object('outcome', 'mismatch', 'settled', settled);
	end if;
	for item in select * from jsonb_array_elements(b.invoices) loop
		outcome := public.settle_invoice(event_id || ':' || (item ->> 'id'),
			settle_payment_bundle.gateway, (item ->> 'id')::uuid, (item ->> 'total')::bigint,
			settle_payment_bundle.currency, reference || ':' || (item ->> 'id'));
		settled := settled || jsonb_build_array(outcome || jsonb_build_object('invoice_id',
			item ->> 'id'));
	end loop;
	update public.payment_bundles x set status = 'paid' where x.id = b.id;
	return jsonb_build_object('outcome', 'paid', 'settled', settled);
end;
$$;

revoke execute on function public.create_payment_bundle(uuid, uuid[]) from public, anon,
	authenticated;
grant execute on function public.create_payment_bundle(uuid, uuid[]) to service_role;
revoke execute on function public.settle_payment_bundle(text, text, uuid, bigint, text, text)
	from public, anon, authenticated;
grant execute on function public.settle_payment_bundle(text, text, uuid, bigint, text, text)
	to service_role;
