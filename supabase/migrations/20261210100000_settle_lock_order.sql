-- =============================================================================================
-- One lock order for a service and its invoices (issue 45). Every writer that changes both locks the
-- service row first and its invoices after; settle_invoice locked the invoice first, so a payment of
-- a renewal and a money-back refund of the same service at the same moment deadlocked on
-- PostgreSQL (tests/integration/postgres/lock-order.test.ts). PGlite, one transaction at a time,
-- never showed it. Same signature, grants and results; only the first lock is new.
-- =============================================================================================

create or replace function public.settle_invoice(
	event_id text,
	gateway text,
	invoice uuid,
	amount bigint,
	currency text,
	reference text,
	method text default null,
	card jsonb default null,
	at timestamptz default now()
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
	refunded_already boolean;
	-- How it was paid, kept on the payment: the card only when it reads as one.
	paid_by text := nullif(settle_invoice.method, '');
	paid_brand text := nullif(left(settle_invoice.card ->> 'brand', 30), '');
	paid_last4 text := case when settle_invoice.card ->> 'last4' ~ '^[0-9]{4}$'
		then settle_invoice.card ->> 'last4' end;
begin
	-- The service first, then its invoice: the order record_money_back, request_service_pause and
	-- the staff's writers take them in. Invoice first here let a payment and a refund of one
	-- service deadlock on PostgreSQL, each holding what the other waited for.
	perform 1 from public.services s
		where s.id = (select i.service_id from public.invoices i where i.id = invoice)
		for no key update;
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
	if not private.invoice_is_open(target.status) then
		if amount = 0 then
			return jsonb_build_object('outcome', 'already_paid', 'invoice_id', target.id,
				'service_id', target.service_id);
		end if;
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status, applied, method, card_brand, card_last4, created_at)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', false, paid_by, paid_brand, paid_last4, settle_invoice.at);
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status)
		values (target.id, target.user_id, 'refund', settle_invoice.gateway, 'refund:' || reference,
			amount, target.currency, 'pending')
		on conflict (gateway_reference) do nothing;
		return private.unpayable_outcome(target, reference);
	end if;

	refunded_already := amount > 0 and exists (select 1 from public.transactions t
		where t.gateway_reference = 'refund:' || reference and t.amount >= amount);

	-- A VPS's first invoice claims its addresses now, under the pool's row locks (an unpaid order
	-- holds them only while its page is open). None left: the order cannot be delivered, so it is
	-- cancelled and the payment owed back in full; the site refunds it and alerts the operators.
	if target.kind = 'new' and not refunded_already
			and exists (select 1 from public.vps_machines m where m.service_id = target.service_id) then
		perform private.release_lapsed_holds();
		if not private.assign_vps_addresses(target.service_id) then
			update public.invoices set status = 'cancelled' where id = target.id;
			target.status := 'cancelled';
			update public.orders set status = 'cancelled', cancel_reason = 'no_vps_address'
				where id = target.order_id;
			update public.services set status = 'cancelled'
				where id = target.service_id and status = 'pending_payment';
			insert into public.service_activity (service_id, user_id, event, detail)
			values (target.service_id, target.user_id, 'cancelled',
				jsonb_build_object('reason', 'no_vps_address', 'invoice_id', target.id));
			if amount = 0 then
				return jsonb_build_object('outcome', 'sold_out', 'invoice_id', target.id,
					'service_id', target.service_id, 'user_id', target.user_id);
			end if;
			insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
				amount, currency, status, applied, method, card_brand, card_last4, created_at)
			values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
				target.currency, 'succeeded', false, paid_by, paid_brand, paid_last4, settle_invoice.at);
			insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
				amount, currency, status)
			values (target.id, target.user_id, 'refund', settle_invoice.gateway,
				'refund:' || reference, amount, target.currency, 'pending')
			on conflict (gateway_reference) do nothing;
			return private.unpayable_outcome(target, reference);
		end if;
	end if;
	if target.kind = 'new' and not refunded_already then
		perform private.keep_label_or_let_go(target.service_id);
	end if;

	if amount > 0 then
		insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference,
			amount, currency, status, method, card_brand, card_last4, created_at)
		values (target.id, target.user_id, 'payment', settle_invoice.gateway, reference, amount,
			target.currency, 'succeeded', paid_by, paid_brand, paid_last4, settle_invoice.at);
	end if;

	-- Webhooks come in any order: a refund can arrive before the payment it refunds. A payment
	-- already refunded in full is recorded, and the order is cancelled rather than fulfilled.
	if refunded_already then
		update public.invoices set status = 'refunded', paid_at = settle_invoice.at,
			gateway = settle_invoice.gateway
			where id = target.id and status = 'unpaid';
		update public.orders set status = 'cancelled' where id = target.order_id and status = 'pending';
		update public.services set status = 'cancelled'
			where id = target.service_id and status = 'pending_payment';
		return jsonb_build_object('outcome', 'refunded', 'invoice_id', target.id);
	end if;

	update public.invoices set status = 'paid', paid_at = settle_invoice.at,
		gateway = settle_invoice.gateway,
		last_payment_error = null
		where id = target.id;
	update public.orders set status = 'paid' where id = target.order_id;
	update public.services set status = 'provisioning'
		where id = target.service_id and status = 'pending_payment';
	insert into public.service_activity (service_id, user_id, event, detail, created_at)
	values (target.service_id, target.user_id, 'paid',
		jsonb_build_object('invoice_id', target.id, 'gateway', settle_invoice.gateway),
		settle_invoice.at);
	return jsonb_build_object('outcome', 'paid', 'invoice_id', target.id,
		'service_id', target.service_id, 'user_id', target.user_id);
end;
$$;
