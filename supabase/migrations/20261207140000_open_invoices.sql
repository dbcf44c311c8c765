-- Open invoices, named once. "Issued and not yet paid, on time or late" was spelled
-- `status in ('unpaid', 'overdue')` in thirteen functions; src/lib/domain/invoice-status.ts
-- (`openInvoiceStatuses`, `isOpenInvoice`) is the TypeScript home, private.invoice_is_open the SQL
-- one, and tests/integration/data-model/closed-sets.test.ts holds the two equal. Each function
-- below is its current definition with the spelled-out list replaced by the predicate, nothing else.
-- (The partial index invoices_open_idx keeps its predicate: an index is not rebuilt for a name.)

create or replace function private.invoice_is_open(status text)
returns boolean
language sql
immutable
parallel safe
-- No `set search_path`: a SET clause stops the planner inlining the function, and inlined it is
-- the same `in` its callers wrote (partial indexes still match). It names nothing to resolve.
as $$
	select status in ('unpaid', 'overdue');
$$;

comment on function private.invoice_is_open(text) is
	'Whether an invoice in this status is open (issued, not yet paid): src/lib/domain/invoice-status.ts openInvoiceStatuses.';

revoke all on function private.invoice_is_open(text) from public, anon;
grant execute on function private.invoice_is_open(text) to authenticated, service_role;

-- public.create_payment_bundle, as 20261124140000_payment_bundles.sql left it, naming open invoices by private.invoice_is_open.
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
		where i.id = any (invoice_ids) and i.user_id = customer and private.invoice_is_open(i.status)
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

-- public.dashboard_summary, as 20261125100000_customer_panel.sql left it, naming open invoices by private.invoice_is_open.
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
			where i.user_id = (select auth.uid()) and private.invoice_is_open(i.status)),
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

-- public.mark_invoice_overdue, as 20261126211000_invoice_line_terms.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.mark_invoice_overdue(invoice uuid, at timestamptz,
	late_fee bigint, description text, line jsonb)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	i public.invoices;
begin
	select * into i from public.invoices x where x.id = invoice for update;
	if i.id is null or not private.invoice_is_open(i.status) or at <= i.due_at then
		return false;
	end if;
	if i.status = 'overdue' and i.late_fee = mark_invoice_overdue.late_fee then
		return false;
	end if;
	delete from public.invoice_items x where x.invoice_id = i.id and x.kind = 'late_fee';
	if mark_invoice_overdue.late_fee > 0 then
		insert into public.invoice_items (invoice_id, user_id, position, kind, description, line,
			quantity, unit_amount, amount, taxable)
		values (i.id, i.user_id, 2, 'late_fee', left(description, 300), mark_invoice_overdue.line, 1,
			mark_invoice_overdue.late_fee, mark_invoice_overdue.late_fee, false);
	end if;
	update public.invoices x set status = 'overdue', late_fee = mark_invoice_overdue.late_fee,
		total = i.subtotal - i.discount + i.tax + mark_invoice_overdue.late_fee
		where x.id = i.id;
	return true;
end;
$$;

-- public.owe_billing_notice, as 20261124100000_billing_engine.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.owe_billing_notice(kind text, invoice uuid)
returns void
language sql
security definer
set search_path = ''
as $$
	select private.owe_notice(owe_billing_notice.kind, i.service_id, i.id, i.user_id)
		from public.invoices i where i.id = invoice and private.invoice_is_open(i.status);
$$;

-- public.panel_dashboard, as 20261125100000_customer_panel.sql left it, naming open invoices by private.invoice_is_open.
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
				where l.user_id = (select auth.uid()) and private.invoice_is_open(l.status)
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

-- public.record_charge_attempt, as 20261126200000_declined_payments.sql left it, naming open invoices by private.invoice_is_open.
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
		currency, status, decline_code, card_brand, card_last4, created_at)
	values (i.id, i.user_id, 'payment', record_charge_attempt.gateway,
		'declined:' || record_charge_attempt.reference, record_charge_attempt.amount, i.currency,
		'failed', left(record_charge_attempt.decline_code, 100), left(m.brand, 30), m.last4,
		record_charge_attempt.at)
	on conflict (gateway_reference) do nothing;
end;
$$;

-- public.record_money_back, as 20261128130000_staff_money.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.record_money_back(customer uuid, service uuid, at timestamptz,
	window_days integer, reason text, gateway text, refund_reference text, payment_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	i public.invoices;
	note public.credit_notes;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	select * into i from public.invoices x where x.service_id = s.id and x.kind = 'new' for update;
	select * into note from public.credit_notes c where c.request_key = 'money-back-' || i.id;
	if note.id is not null then
		-- Asked again after the refund went through: the same credit note.
		return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'created', false);
	end if;
	-- Refunded in part by staff already: the guarantee's refund of all of it no longer applies.
	if i.id is null or i.status <> 'paid' or i.total = 0
			or s.status not in ('provisioning', 'active', 'suspended')
			or exists (select 1 from public.credit_notes c where c.invoice_id = i.id) then
		raise exception 'not_refundable' using errcode = 'P0001';
	end if;
	if at > i.paid_at + make_interval(days => window_days) then
		raise exception 'window_closed' using errcode = 'P0001';
	end if;
	note := private.record_invoice_refund(i, i.total, record_money_back.reason,
		record_money_back.gateway, refund_reference, payment_reference, at, 'money-back-' || i.id);
	update public.invoices x set status = 'refunded' where x.id = i.id;
	update public.invoices x set status = 'cancelled'
		where x.service_id = s.id and private.invoice_is_open(x.status);
	update public.services x set status = 'terminated', cancellation_reason = left(record_money_back.reason, 2000)
		where x.id = s.id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, customer, 'terminated', jsonb_build_object('at', at, 'by', 'money_back',
			'credit_note', note.number));
	perform private.owe_notice('refunded', s.id, i.id, customer);
	return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'created', true);
end;
$$;

-- public.record_payment_failure, as 20261123130000_checkout.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.record_payment_failure(event_id text, gateway text, invoice uuid,
	reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
	insert into public.payment_events (id, gateway, type)
		values (record_payment_failure.gateway || ':' || event_id, record_payment_failure.gateway,
			'failed')
		on conflict (id) do nothing;
	if not found then
		return false;
	end if;
	update public.invoices set last_payment_error = left(reason, 500)
		where id = invoice and private.invoice_is_open(status);
	return true;
end;
$$;

-- public.request_service_pause, as 20261126220000_one_invoice_rule.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.request_service_pause(customer uuid, service uuid,
	at timestamptz, months integer, amounts jsonb, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	pending public.service_pauses;
	fee_amount bigint := (amounts ->> 'fee')::bigint;
	tax_amount bigint := (amounts ->> 'tax')::bigint;
	total_amount bigint := fee_amount + tax_amount;
	asked integer := request_service_pause.months;
	made uuid;
	pause uuid;
begin
	select * into s from public.services x
		where x.id = request_service_pause.service and x.user_id = request_service_pause.customer
		for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if asked is null or asked not between 1 and 3 then
		raise exception 'invalid_months' using errcode = 'P0001';
	end if;
	if fee_amount is null or fee_amount <= 0 or fee_amount % asked <> 0 or tax_amount is null
			or tax_amount < 0 then
		raise exception 'invalid pause amounts %', amounts using errcode = '22023';
	end if;
	if exists (select 1 from public.service_pauses x where x.service_id = s.id
			and x.status = 'active') then
		raise exception 'already_paused' using errcode = 'P0001';
	end if;
	if s.status = 'suspended' then
		raise exception 'suspended' using errcode = 'P0001';
	end if;
	if s.status <> 'active' or s.current_period_end is null
			or s.current_period_end <= request_service_pause.at then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	if s.cancel_at_period_end then
		raise exception 'cancellation_pending' using errcode = 'P0001';
	end if;
	select * into pending from public.service_pauses x
		where x.service_id = s.id and x.status = 'pending' for update;
	-- The pending pause's own invoice is not a debt that refuses it: it is the one being replaced.
	if exists (select 1 from public.invoices i where i.service_id = s.id
			and private.invoice_is_open(i.status)
			and i.id is distinct from pending.invoice_id) then
		raise exception 'unpaid_invoice' using errcode = 'P0001';
	end if;
	if pending.id is not null then
		if pending.months = asked and exists (select 1 from public.invoices i
				where i.id = pending.invoice_id and i.status = 'unpaid'
					and i.total = total_amount) then
			return jsonb_build_object('created', false, 'pause_id', pending.id,
				'invoice_id', pending.invoice_id, 'total', total_amount, 'currency', s.currency);
		end if;
		update public.invoices i set status = 'cancelled'
			where i.id = pending.invoice_id and i.status = 'unpaid';
		update public.service_pauses x set status = 'cancelled' where x.id = pending.id;
	end if;
	-- Due at once, for no period; the billing details are the profile's.
	made := private.issue_invoice(customer => s.user_id, service => s.id, kind => 'pause',
		currency => s.currency, subtotal => fee_amount,
		tax_rate => (amounts ->> 'tax_rate')::numeric, tax => tax_amount, total => total_amount,
		at => request_service_pause.at, due_at => request_service_pause.at, item_kind => 'pause',
		description => request_service_pause.description, line => request_service_pause.line,
		quantity => asked, unit_amount => fee_amount / asked);
	insert into public.service_pauses (service_id, user_id, months, invoice_id)
		values (s.id, s.user_id, asked, made)
		returning id into pause;
	return jsonb_build_object('created', true, 'pause_id', pause, 'invoice_id', made,
		'total', total_amount, 'currency', s.currency);
end;
$$;

-- public.request_service_upgrade, as 20261126220000_one_invoice_rule.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.request_service_upgrade(customer uuid, service uuid,
	at timestamptz, to_config jsonb, amounts jsonb, new_recurring bigint, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	made uuid;
	upgrade uuid;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if s.status <> 'active' then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.service_upgrades u where u.service_id = s.id
			and u.status = 'pending') then
		raise exception 'upgrade_pending' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.invoices i where i.service_id = s.id
			and private.invoice_is_open(i.status)) then
		raise exception 'unpaid_invoice' using errcode = 'P0001';
	end if;
	if at < s.current_period_start or at >= s.current_period_end then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	-- Due at once, for the rest of the period; the billing details are the profile's.
	made := private.issue_invoice(customer => customer, service => s.id, kind => 'upgrade',
		currency => s.currency, subtotal => (amounts ->> 'net')::bigint,
		tax_rate => (amounts ->> 'tax_rate')::numeric, tax => (amounts ->> 'tax')::bigint,
		total => (amounts ->> 'total')::bigint, at => at, due_at => at, period_start => at,
		period_end => s.current_period_end, item_kind => 'upgrade', description => description,
		line => request_service_upgrade.line, unit_amount => (amounts ->> 'net')::bigint);
	insert into public.service_upgrades (service_id, user_id, from_config, to_config, currency,
		prorated_amount, new_recurring_amount, invoice_id)
	values (s.id, customer, jsonb_build_object('ram_gb', s.ram_gb, 'storage_gb', s.storage_gb,
			'modpack_installation', s.modpack_installation, 'recurring_amount', s.recurring_amount),
		to_config, s.currency, (amounts ->> 'net')::bigint, new_recurring, made)
	returning id into upgrade;
	return jsonb_build_object('invoice_id', made, 'upgrade_id', upgrade);
end;
$$;

-- public.set_service_billing_state, as 20261128140000_staff_servers.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.set_service_billing_state(service uuid, state text, at timestamptz,
	staff uuid default null, reason text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	owner uuid;
	by_staff boolean := staff is not null;
	allowed text[] := case state
		when 'suspended' then case when staff is null then array['active']
			else array['active', 'suspended'] end
		when 'active' then array['suspended']
		when 'terminated' then array['active', 'suspended']
		when 'cancelled' then array['active', 'suspended']
	end;
begin
	if allowed is null then
		raise exception 'unknown billing state %', state using errcode = '22023';
	end if;
	update public.services s set status = state,
		suspended_by = case when state = 'suspended'
			then case when by_staff then 'staff' else 'billing' end end,
		suspension_reason = case when state = 'suspended' and by_staff
			then left(btrim(reason), 500) end
		where s.id = service and s.status = any (allowed)
			and (state <> 'cancelled' or s.cancel_at_period_end)
			-- Only staff lift a staff suspension: a paid renewal leaves it in place.
			and (state <> 'active' or by_staff or s.suspended_by is distinct from 'staff')
			-- Staff take over a billing suspension (it then stays after paying); never their own twice.
			and (state <> 'suspended' or s.status = 'active' or s.suspended_by is distinct from 'staff')
		returning s.user_id into owner;
	if owner is null then
		return false;
	end if;
	if state in ('terminated', 'cancelled') then
		update public.invoices i set status = 'cancelled'
			where i.service_id = service and private.invoice_is_open(i.status);
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service, owner, case state when 'active' then 'unsuspended' else state end,
			jsonb_build_object('at', at, 'by', case when by_staff then 'staff' else 'billing' end));
	-- The billing mails speak of unpaid invoices and the customer's own cancellation; a staff
	-- action is explained on the server's page (and by staff) instead.
	if state <> 'active' and not by_staff then
		perform private.owe_notice(case state when 'cancelled' then 'ended' else state end,
			service, null, owner);
	end if;
	return true;
end;
$$;

-- public.settle_invoice, as 20261207130000_late_invoices.sql left it, naming open invoices by private.invoice_is_open.
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

-- public.start_service_pause, as 20261124110000_service_pauses.sql left it, naming open invoices by private.invoice_is_open.
create or replace function public.start_service_pause(invoice uuid, at timestamptz,
	due_from timestamptz, due_to timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	pause public.service_pauses;
	s public.services;
	old_due timestamptz := start_service_pause.due_from;
	new_due timestamptz := start_service_pause.due_to;
	since timestamptz := start_service_pause.at;
	shift integer := (new_due at time zone 'UTC')::date - (old_due at time zone 'UTC')::date;
	refusal text;
begin
	select x.* into pause from public.service_pauses x
		join public.invoices i on i.id = x.invoice_id
		where x.invoice_id = start_service_pause.invoice and x.status = 'pending'
			and i.status = 'paid'
		for update of x;
	if pause.id is null then
		-- Paid after another request replaced it: nothing starts, an operator refunds it.
		update public.invoices i set review_reason = 'Pause paid after it was replaced: refund it'
			where i.id = start_service_pause.invoice and i.status = 'paid'
				and i.review_reason is null
				and exists (select 1 from public.service_pauses x where x.invoice_id = i.id
					and x.status = 'cancelled');
		return jsonb_build_object('started', false, 'reason', 'not_pending');
	end if;
	select * into s from public.services x where x.id = pause.service_id for update;
	if s.current_period_end is distinct from old_due then
		return jsonb_build_object('started', false, 'reason', 'moved');
	end if;
	refusal := case
		when s.status <> 'active' then 'not_active'
		when s.cancel_at_period_end then 'cancellation_pending'
		when shift <= 0 or new_due - old_due <> make_interval(days => shift) then 'invalid_due_date'
		when exists (select 1 from public.invoices i where i.service_id = s.id
			and private.invoice_is_open(i.status)) then 'unpaid_invoice'
	end;
	if refusal is not null then
		update public.service_pauses x set status = 'cancelled' where x.id = pause.id;
		update public.invoices i set review_reason = left(format(
			'Pause paid but not started (%s): refund it', refusal), 500)
			where i.id = pause.invoice_id;
		return jsonb_build_object('started', false, 'reason', refusal);
	end if;
	update public.services x set current_period_end = new_due, status = 'suspended'
		where x.id = s.id;
	update public.service_pauses x set status = 'active', starts_at = since,
		ends_at = since + make_interval(days => shift), due_before = old_due, days = shift
		where x.id = pause.id
		returning * into pause;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, s.user_id, 'paused', jsonb_build_object('invoice_id', pause.invoice_id,
			'months', pause.months, 'until', pause.ends_at, 'due', new_due));
	return jsonb_build_object('started', true, 'service_id', s.id, 'ends_at', pause.ends_at,
		'period_end', new_due);
end;
$$;
