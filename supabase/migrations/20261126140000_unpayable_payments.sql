-- =============================================================================================
-- Payments for invoices that are not payable (issue 26, items 3 and 4). A payment can arrive for an
-- invoice a money-back refund cancelled, or that another payment has already paid (an order's first
-- payment link and a second one, both paid). Such a payment changes nothing on the invoice or its
-- service: it is recorded as not applied, with a refund of all of it owed ('pending') that the site
-- makes through the gateway it came by and then confirms. settle_invoice decides under the
-- invoice's lock, so of two payments at once exactly one pays. Service role only.
-- =============================================================================================

alter table public.transactions add column applied boolean not null default true;

comment on column public.transactions.applied is
	'False for a payment that arrived when its invoice was not payable: it paid nothing and is given back in full.';

-- What settle_invoice answers for a payment that is being given back: the refund it owes (null
-- once the gateway has confirmed it), and what the customer's mail names.
create or replace function private.unpayable_outcome(target public.invoices, reference text)
returns jsonb
language sql
stable
set search_path = ''
as $$
	select jsonb_build_object('outcome', 'unpayable', 'invoice_id', target.id,
		'user_id', target.user_id, 'number', target.number, 'status', target.status,
		'reference', reference, 'amount', p.amount, 'currency', p.currency,
		'refund_owed', coalesce(r.status = 'pending', false))
	from public.transactions p
	left join public.transactions r on r.gateway_reference = 'refund:' || reference
	where p.gateway_reference = reference and p.kind = 'payment' and not p.applied;
$$;

create or replace function public.settle_invoice(
	event_id text,
	gateway text,
	invoice uuid,
	amount bigint,
	currency text,
	reference text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	target public.invoices;
	given_back jsonb;
begin
	select * into target from public.invoices i where i.id = invoice for update;
	-- Not an invoice: a payment bundle, whose invoices are settled one by one under events of their own.
	if target.id is null then
		return jsonb_build_object('outcome', 'unknown_invoice');
	end if;
	insert into public.payment_events (id, gateway, type)
		values (settle_invoice.gateway || ':' || event_id, settle_invoice.gateway, 'paid')
		on conflict (id) do nothing;
	if not found then
		-- Delivered again: a give-back the gateway has not confirmed yet is asked for again.
		given_back := private.unpayable_outcome(target, reference);
		if (given_back ->> 'refund_owed')::boolean then
			return given_back;
		end if;
		return jsonb_build_object('outcome', 'duplicate');
	end if;

	if target.total <> amount or target.currency <> upper(settle_invoice.currency) then
		update public.invoices set review_reason = format(
			'Paid %s %s through %s (%s) for an invoice of %s %s', amount, upper(settle_invoice.currency),
			settle_invoice.gateway, reference, target.total, target.currency)
			where id = target.id;
		return jsonb_build_object('outcome', 'mismatch', 'invoice_id', target.id);
	end if;

	-- The same payment told again under another event (an off-session charge and its webhook).
	if amount > 0 and exists (select 1 from public.transactions t
			where t.gateway_reference = reference and t.kind = 'payment') then
		given_back := private.unpayable_outcome(target, reference);
		return coalesce(given_back, jsonb_build_object('outcome', 'already_paid',
			'invoice_id', target.id, 'service_id', target.service_id));
	end if;

	-- Not payable (cancelled, refunded, or paid by another payment): the money is kept apart and
	-- owed back in full; neither the invoice nor its service changes.
	if target.status not in ('unpaid', 'overdue') then
		if amount = 0 then
			return jsonb_build_object('outcome', 'already_paid', 'invoice_id', target.id,
				'service_id', target.service_id);
		end if;
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status, applied)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', false);
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status)
		values (target.id, target.user_id, 'refund', settle_invoice.gateway, 'refund:' || reference,
			amount, target.currency, 'pending')
		on conflict (gateway_reference) do nothing;
		return private.unpayable_outcome(target, reference);
	end if;

	if amount > 0 then
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded');
	end if;

	-- Webhooks come in any order: a refund can arrive before the payment it refunds. A payment
	-- already refunded in full is recorded, and the order is cancelled rather than fulfilled.
	if amount > 0 and exists (select 1 from public.transactions t
			where t.gateway_reference = 'refund:' || reference and t.amount >= amount) then
		update public.invoices set status = 'refunded', paid_at = now(),
			gateway = settle_invoice.gateway
			where id = target.id and status = 'unpaid';
		update public.orders set status = 'cancelled' where id = target.order_id and status = 'pending';
		update public.services set status = 'cancelled'
			where id = target.service_id and status = 'pending_payment';
		return jsonb_build_object('outcome', 'refunded', 'invoice_id', target.id);
	end if;

	update public.invoices set status = 'paid', paid_at = now(), gateway = settle_invoice.gateway,
		last_payment_error = null
		where id = target.id;
	update public.orders set status = 'paid' where id = target.order_id;
	update public.services set status = 'provisioning'
		where id = target.service_id and status = 'pending_payment';
	insert into public.service_activity (service_id, user_id, event, detail)
	values (target.service_id, target.user_id, 'paid',
		jsonb_build_object('invoice_id', target.id, 'gateway', settle_invoice.gateway));
	return jsonb_build_object('outcome', 'paid', 'invoice_id', target.id,
		'service_id', target.service_id, 'user_id', target.user_id);
end;
$$;

-- The gateway has taken the refund of a payment that was not applied: true the first time only, so
-- the customer is told once.
create or replace function public.confirm_unpayable_refund(reference text)
returns boolean
language sql
security definer
set search_path = ''
as $$
	with done as (
		update public.transactions t set status = 'succeeded'
			where t.gateway_reference = 'refund:' || reference and t.kind = 'refund'
				and t.status = 'pending'
			returning 1)
	select exists (select 1 from done);
$$;

comment on function public.confirm_unpayable_refund(text) is
	'Marks the refund of a payment that arrived for an unpayable invoice as made; true only the first time.';

-- A refund reported by the gateway. One of a payment that was not applied leaves the invoice as it
-- is: the invoice was paid (or cancelled) by something else.
create or replace function public.record_refund(event_id text, gateway text, invoice uuid,
	amount bigint, currency text, reference text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	target public.invoices;
begin
	insert into public.payment_events (id, gateway, type)
		values (record_refund.gateway || ':' || event_id, record_refund.gateway, 'refunded')
		on conflict (id) do nothing;
	if not found then
		return 'duplicate';
	end if;
	select * into target from public.invoices i where i.id = invoice for update;
	if target.id is null or target.currency <> upper(record_refund.currency) then
		return 'unknown_invoice';
	end if;
	-- The gateway reports the total refunded so far: one refund row per payment, kept at the largest.
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status)
	values (target.id, target.user_id, 'refund', record_refund.gateway, 'refund:' || reference,
		amount, target.currency, 'succeeded')
	on conflict (gateway_reference) do update set amount = greatest(public.transactions.amount,
		excluded.amount);
	if exists (select 1 from public.transactions t
			where t.gateway_reference = reference and t.kind = 'payment' and not t.applied) then
		return 'given_back';
	end if;
	if amount >= target.total and target.status = 'paid' then
		update public.invoices set status = 'refunded' where id = target.id;
		return 'refunded';
	end if;
	return 'partial';
end;
$$;

revoke execute on function private.unpayable_outcome(public.invoices, text)
	from public, anon, authenticated;
revoke execute on function public.confirm_unpayable_refund(text) from public, anon, authenticated;
grant execute on function public.confirm_unpayable_refund(text) to service_role;
