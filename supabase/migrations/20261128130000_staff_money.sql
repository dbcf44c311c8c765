-- =============================================================================================
-- The staff console's money section (issue 32): refunds of any paid invoice, in full or in part,
-- and the payments flagged for review settled by staff. Service role only.
--
-- One refund rule for everyone: private.record_invoice_refund writes the credit note (gapless
-- CN series), the refund transaction and the invoice's status, and refuses more than was paid less
-- what was refunded. record_money_back (the customer's guarantee) and complete_invoice_refund
-- (staff) both call it. A staff refund first claims its amount under the invoice's row lock
-- (claim_invoice_refund), then refunds at the gateway, then records it: two refunds at once can
-- never together pass the paid amount, even while the gateway is being asked.
-- =============================================================================================

-- An invoice can now have several credit notes (partial refunds); each is named by the request
-- that made it, so asking again returns the same note. Money-back notes keep their own key.
alter table public.credit_notes drop constraint credit_notes_invoice_id_key;
alter table public.credit_notes add column request_key text;
update public.credit_notes set request_key = 'money-back-' || invoice_id;
alter table public.credit_notes alter column request_key set not null,
	add constraint credit_notes_request_key_key unique (request_key);
create index credit_notes_invoice_id_idx on public.credit_notes (invoice_id);

comment on column public.credit_notes.request_key is
	'The request that made it (money-back-<invoice>, staff-refund-<request id>): one note per request.';
comment on table public.credit_notes is
	'Money given back on an invoice (money-back guarantee, staff refunds), with its own gapless numbers.';

-- Amounts being refunded at the gateway right now: counted against the invoice until recorded.
create table private.refund_claims (
	request_key text primary key,
	invoice_id uuid not null references public.invoices (id) on delete cascade,
	amount public.money_minor not null check (amount > 0),
	reason text not null check (char_length(reason) between 1 and 2000),
	created_at timestamptz not null default now()
);

comment on table private.refund_claims is
	'A refund claimed under the invoice''s lock while the gateway is asked; gone once recorded or released.';

-- What is left to refund on an invoice: its applied payments, less what was refunded. Refunded
-- is the credit notes and the claims other than `except_key` (refunds under way), or what the
-- gateway reported if that is more (a refund made at the gateway itself). A refund's webhook can
-- arrive before its credit note is written: the gateway's figure then counts it once, not twice.
create function private.invoice_refundable(target uuid, except_key text)
returns bigint
language sql
stable
set search_path = ''
as $$
	select coalesce(sum(p.amount), 0)
		- greatest(
			(select coalesce(sum(c.total), 0) from public.credit_notes c where c.invoice_id = target)
			+ (select coalesce(sum(k.amount), 0) from private.refund_claims k
				where k.invoice_id = target and k.request_key is distinct from except_key),
			(select coalesce(sum(r.amount), 0) from public.transactions r
				join public.transactions q on r.gateway_reference = 'refund:' || q.gateway_reference
				where q.invoice_id = target and q.kind = 'payment' and q.applied
					and r.kind = 'refund' and r.status = 'succeeded'))
	from public.transactions p
	where p.invoice_id = target and p.kind = 'payment' and p.status = 'succeeded' and p.applied;
$$;

-- The one refund record. The caller holds the invoice's row lock. The same request_key again
-- answers its note; more than is refundable raises over_refund and writes nothing.
create function private.record_invoice_refund(i public.invoices, amount bigint, reason text,
	gateway text, refund_reference text, payment_reference text, at timestamptz, request_key text)
returns public.credit_notes
language plpgsql
set search_path = ''
as $$
#variable_conflict use_variable
declare
	note public.credit_notes;
	tax bigint;
begin
	select * into note from public.credit_notes c where c.request_key = record_invoice_refund.request_key;
	if note.id is not null then
		return note;
	end if;
	-- The money went back at the gateway already; the gateway's own report of it (its webhook,
	-- perhaps here first) is not counted against it: only the credit notes and the other claims.
	if amount <= 0 or amount > (select coalesce(sum(p.amount), 0) from public.transactions p
			where p.invoice_id = i.id and p.kind = 'payment' and p.status = 'succeeded' and p.applied)
		- (select coalesce(sum(c.total), 0) from public.credit_notes c where c.invoice_id = i.id)
		- (select coalesce(sum(k.amount), 0) from private.refund_claims k
			where k.invoice_id = i.id and k.request_key <> record_invoice_refund.request_key) then
		raise exception 'over_refund' using errcode = 'P0001';
	end if;
	-- The invoice's tax in the same share as the amount, rounded once (all of it for a full refund).
	tax := case when i.total = 0 then 0 else round(i.tax::numeric * amount / i.total)::bigint end;
	insert into public.credit_notes (number, invoice_id, user_id, service_id, currency, subtotal,
		tax_rate, tax, total, reason, gateway, gateway_reference, issued_at, request_key)
	values (private.next_number('credit_note', at), i.id, i.user_id, i.service_id, i.currency,
		amount - tax, i.tax_rate, tax, amount, left(reason, 2000), gateway, refund_reference, at,
		request_key)
	returning * into note;
	delete from private.refund_claims k where k.request_key = record_invoice_refund.request_key;
	-- The same row the gateway's refund webhook writes (the total refunded on the payment so far),
	-- so that webhook changes nothing after.
	insert into public.transactions as t (invoice_id, user_id, kind, gateway, gateway_reference,
		amount, currency, status)
	values (i.id, i.user_id, 'refund', gateway, 'refund:' || payment_reference,
		(select sum(c.total) from public.credit_notes c where c.invoice_id = i.id), i.currency,
		'succeeded')
	on conflict (gateway_reference) do update set amount = greatest(t.amount, excluded.amount),
		status = 'succeeded';
	-- All of it given back by credit notes (a claim still under way may yet be released).
	if (select sum(c.total) from public.credit_notes c where c.invoice_id = i.id)
			>= (select coalesce(sum(p.amount), 0) from public.transactions p where p.invoice_id = i.id
				and p.kind = 'payment' and p.status = 'succeeded' and p.applied) then
		update public.invoices x set status = 'refunded' where x.id = i.id and x.status = 'paid';
	end if;
	return note;
end;
$$;

revoke execute on function private.invoice_refundable(uuid, text) from public, anon, authenticated;
revoke execute on function private.record_invoice_refund(public.invoices, bigint, text, text, text,
	text, timestamptz, text) from public, anon, authenticated;

-- The money-back guarantee, as before, with its credit note written by the one refund record.
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
		where x.service_id = s.id and x.status in ('unpaid', 'overdue');
	update public.services x set status = 'terminated', cancellation_reason = left(record_money_back.reason, 2000)
		where x.id = s.id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, customer, 'terminated', jsonb_build_object('at', at, 'by', 'money_back',
			'credit_note', note.number));
	perform private.owe_notice('refunded', s.id, i.id, customer);
	return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'created', true);
end;
$$;

-- A staff refund, step 1: the amount is claimed under the invoice's lock. Answers the payment to
-- refund at the gateway, or the credit note when this request was recorded already.
create function public.claim_invoice_refund(invoice uuid, amount bigint, reason text,
	request_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	i public.invoices;
	note public.credit_notes;
	payment public.transactions;
begin
	select * into i from public.invoices x where x.id = invoice for update;
	if i.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	select * into note from public.credit_notes c where c.request_key = claim_invoice_refund.request_key;
	select * into payment from public.transactions t
		where t.invoice_id = i.id and t.kind = 'payment' and t.status = 'succeeded' and t.applied
		order by t.created_at desc limit 1;
	if note.id is null then
		if payment.id is null then
			raise exception 'not_refundable' using errcode = 'P0001';
		end if;
		if not exists (select 1 from private.refund_claims k
				where k.request_key = claim_invoice_refund.request_key) then
			if amount <= 0 or amount > private.invoice_refundable(i.id, null) then
				raise exception 'over_refund' using errcode = 'P0001';
			end if;
			insert into private.refund_claims (request_key, invoice_id, amount, reason)
				values (request_key, i.id, amount, left(reason, 2000));
		end if;
	end if;
	return jsonb_build_object('invoice_id', i.id, 'user_id', i.user_id, 'number', i.number,
		'currency', i.currency, 'gateway', payment.gateway, 'payment_reference',
		payment.gateway_reference, 'credit_note_id', note.id, 'credit_note_number', note.number);
end;
$$;

-- Step 3, after the gateway took the refund: the credit note, through the one refund record.
create function public.complete_invoice_refund(request_key text, refund_reference text,
	at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	claim private.refund_claims;
	i public.invoices;
	payment public.transactions;
	note public.credit_notes;
begin
	select * into note from public.credit_notes c where c.request_key = complete_invoice_refund.request_key;
	if note.id is null then
		select * into claim from private.refund_claims k
			where k.request_key = complete_invoice_refund.request_key;
		if claim.request_key is null then
			raise exception 'not_found' using errcode = 'P0001';
		end if;
		select * into i from public.invoices x where x.id = claim.invoice_id for update;
		select * into payment from public.transactions t
			where t.invoice_id = i.id and t.kind = 'payment' and t.status = 'succeeded' and t.applied
			order by t.created_at desc limit 1;
		note := private.record_invoice_refund(i, claim.amount, claim.reason, payment.gateway,
			refund_reference, payment.gateway_reference, at, request_key);
	end if;
	return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'total', note.total,
		'currency', note.currency, 'invoice_id', note.invoice_id, 'user_id', note.user_id);
end;
$$;

-- The gateway refused: the claim is given up, nothing was refunded.
create function public.release_invoice_refund(request_key text)
returns void
language sql
security definer
set search_path = ''
as $$
	delete from private.refund_claims k where k.request_key = release_invoice_refund.request_key;
$$;

-- A payment flagged for review (its amount or currency did not match the invoice), settled by
-- staff. To refund it, record_review_refund records the payment as not applied with its refund
-- owed in full, as settle_invoice does for an unpayable payment, and answers what give-back needs
-- (asked again, the same). clear_payment_review then clears the flag under the invoice's lock,
-- once: after the payment was fulfilled (accept), or given back (refund).
create function public.record_review_refund(invoice uuid, gateway text, reference text,
	amount bigint, currency text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	target public.invoices;
begin
	select * into target from public.invoices i where i.id = invoice for update;
	if target.id is null or target.review_reason is null then
		raise exception 'not_flagged' using errcode = 'P0001';
	end if;
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status, applied)
	values (target.id, target.user_id, 'payment', gateway, reference, amount, upper(currency),
		'succeeded', false)
	on conflict (gateway_reference) do nothing;
	insert into public.transactions (invoice_id, user_id, kind, gateway, gateway_reference, amount,
		currency, status)
	values (target.id, target.user_id, 'refund', gateway, 'refund:' || reference, amount,
		upper(currency), 'pending')
	on conflict (gateway_reference) do nothing;
	return private.unpayable_outcome(target, reference);
end;
$$;

create function public.clear_payment_review(invoice uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
	update public.invoices i set review_reason = null
		where i.id = clear_payment_review.invoice and i.review_reason is not null;
	if not found then
		raise exception 'not_flagged' using errcode = 'P0001';
	end if;
end;
$$;

revoke execute on function public.claim_invoice_refund(uuid, bigint, text, text)
	from public, anon, authenticated;
revoke execute on function public.complete_invoice_refund(text, text, timestamptz)
	from public, anon, authenticated;
revoke execute on function public.release_invoice_refund(text) from public, anon, authenticated;
revoke execute on function public.record_review_refund(uuid, text, text, bigint, text)
	from public, anon, authenticated;
revoke execute on function public.clear_payment_review(uuid) from public, anon, authenticated;
grant execute on function public.claim_invoice_refund(uuid, bigint, text, text) to service_role;
grant execute on function public.complete_invoice_refund(text, text, timestamptz) to service_role;
grant execute on function public.release_invoice_refund(text) to service_role;
grant execute on function public.record_review_refund(uuid, text, text, bigint, text)
	to service_role;
grant execute on function public.clear_payment_review(uuid) to service_role;

-- What is left to refund on an invoice, for the staff invoice page's form: the same rule.
create function public.invoice_refundable(invoice uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
	select greatest(private.invoice_refundable(invoice, null), 0);
$$;

revoke execute on function public.invoice_refundable(uuid) from public, anon, authenticated;
grant execute on function public.invoice_refundable(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Service credit: money staff add to a service (goodwill, a fault of ours), in the service's
-- currency, taken off its next renewal invoice as a 'credit' line that takes off. It never makes
-- an invoice negative: what is left carries over to the renewal after. One ledger: a positive row
-- is credit added (with the reason), a negative one credit used (with the invoice).
-- ---------------------------------------------------------------------------------------------

create table public.service_credits (
	id bigint generated always as identity primary key,
	service_id uuid not null references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	currency public.currency_code not null,
	amount bigint not null check (amount <> 0),
	reason text check (char_length(reason) between 1 and 2000),
	invoice_id uuid references public.invoices (id) on delete set null,
	created_at timestamptz not null default now(),
	check ((amount > 0) = (reason is not null)),
	check ((amount < 0) = (invoice_id is not null))
);

comment on table public.service_credits is
	'Service credit ledger: + added by staff (reason), - used on a renewal invoice (invoice_id). Balance = sum.';

create index service_credits_service_id_idx on public.service_credits (service_id);
create index service_credits_user_id_idx on public.service_credits (user_id);

alter table public.service_credits enable row level security;
create policy "Customers read their own service credit" on public.service_credits
	for select to authenticated using ((select auth.uid()) = user_id);
revoke insert, update, delete on public.service_credits from anon, authenticated;
-- As on every table with a customer policy (20261127200000_two_factor.sql).
create policy "Two-factor customers need an aal2 session" on public.service_credits
	as restrictive for all to authenticated
	using ((select private.session_meets_assurance()))
	with check ((select private.session_meets_assurance()));

alter table public.invoice_items drop constraint invoice_items_line_check;
alter table public.invoice_items add constraint invoice_items_line_check check (line is null
	or (jsonb_typeof(line) = 'object'
		and line ->> 'kind' = any (array['plan', 'renewal', 'lateFee', 'pause', 'upgrade', 'credit'])));

-- Staff add credit: under the service's lock, in the service's currency. Answers the balance.
create function public.add_service_credit(service uuid, amount bigint, reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	s public.services;
	balance bigint;
begin
	select * into s from public.services x where x.id = service for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if amount <= 0 then
		raise exception 'invalid_amount' using errcode = 'P0001';
	end if;
	insert into public.service_credits (service_id, user_id, currency, amount, reason)
		values (s.id, s.user_id, s.currency, amount, left(reason, 2000));
	select coalesce(sum(c.amount), 0) into balance from public.service_credits c
		where c.service_id = s.id;
	return jsonb_build_object('balance', balance, 'currency', s.currency, 'user_id', s.user_id);
end;
$$;

revoke execute on function public.add_service_credit(uuid, bigint, text) from public, anon, authenticated;
grant execute on function public.add_service_credit(uuid, bigint, text) to service_role;

-- The renewal invoice as in 20261126220000_one_invoice_rule.sql, with the service's credit taken
-- off as a line: at most the net amount, the tax on what is left, the rest of the credit kept. An invoice the
-- credit pays in full is paid at once; the run's repair step extends the period as for any paid renewal.
create or replace function public.issue_renewal_invoice(service uuid, at timestamptz,
	period_end timestamptz, amounts jsonb, description text, line jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	made uuid;
	credit bigint;
	used bigint;
	rate numeric := (amounts ->> 'tax_rate')::numeric;
	tax_after bigint;
begin
	select * into s from public.services x where x.id = service for update;
	if s.id is null or s.status not in ('active', 'suspended') or s.cancel_at_period_end then
		return jsonb_build_object('created', false);
	end if;
	-- Checked under the service's lock rather than left to the unique index: a refused insert
	-- would still have taken an invoice number, and the numbers must have no gaps.
	if exists (select 1 from public.invoices x where x.service_id = s.id and x.kind = 'renewal'
			and x.status <> 'cancelled' and x.period_start = s.current_period_end) then
		return jsonb_build_object('created', false);
	end if;
	-- Due when the period it pays for starts; the billing details are the profile's.
	made := private.issue_invoice(customer => s.user_id, service => s.id, kind => 'renewal',
		currency => s.currency, subtotal => s.recurring_amount,
		tax_rate => rate, tax => (amounts ->> 'tax')::bigint,
		total => s.recurring_amount + (amounts ->> 'tax')::bigint, at => at,
		due_at => s.current_period_end, period_start => s.current_period_end,
		period_end => issue_renewal_invoice.period_end, item_kind => 'service',
		description => description, line => issue_renewal_invoice.line,
		unit_amount => s.recurring_amount);
	select coalesce(sum(c.amount), 0) into credit from public.service_credits c
		where c.service_id = s.id and c.currency = s.currency;
	used := least(credit, s.recurring_amount);
	if used > 0 then
		-- The credit is a line that takes off (its amount read as negative, invoice-lines.ts):
		-- the subtotal is what is left, and the tax is on that.
		tax_after := round((s.recurring_amount - used) * rate / 100);
		update public.invoices x set subtotal = s.recurring_amount - used, tax = tax_after,
			total = s.recurring_amount - used + tax_after
			where x.id = made;
		insert into public.invoice_items (invoice_id, user_id, kind, description, line, quantity,
			unit_amount, amount)
		values (made, s.user_id, 'credit', 'Service credit', '{"kind": "credit"}'::jsonb, 1, used,
			used);
		insert into public.service_credits (service_id, user_id, currency, amount, invoice_id)
			values (s.id, s.user_id, s.currency, -used, made);
		if s.recurring_amount - used + tax_after = 0 then
			update public.invoices x set status = 'paid', paid_at = at where x.id = made;
		end if;
	end if;
	perform private.owe_notice('invoice', s.id, made, s.user_id);
	return jsonb_build_object('created', true, 'invoice_id', made);
end;
$$;
