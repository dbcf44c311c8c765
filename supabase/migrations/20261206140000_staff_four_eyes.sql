-- =============================================================================================
-- Four eyes on large staff money (issue 38, item 10). Staff credit had no upper bound. A credit or
-- refund above the per-currency limit (src/lib/policy.ts, `staffMoney`) is no longer carried out
-- when asked: it is recorded here as a request, and a second member of staff approves it (the
-- console then runs the very write the direct path runs) or rejects it. Service role only.
--
-- The requester never decides their own request: decide_staff_approval refuses it, and a check
-- holds it for any writer. Approving claims the request under its row lock (pending ->
-- executing), so two approvals at once carry it out once; the console settles it (approved, with
-- what the write answered) when done, or releases it back to pending when the write was refused
-- or failed, so it can be decided again. The request and each decision are staff_audit rows.
-- =============================================================================================

alter table public.staff_audit drop constraint staff_audit_action_check;
alter table public.staff_audit add constraint staff_audit_action_check check (action in (
	'ticket_replied', 'ticket_department_changed', 'ticket_status_changed', 'ticket_assigned',
	'invoice_refunded', 'credit_added', 'days_extended', 'review_accepted', 'review_refunded',
	'payout_paid', 'payout_rejected', 'service_suspended', 'service_unsuspended',
	'service_cancelled_at_period_end', 'service_cancelled_now', 'provisioning_retried',
	'provisioning_abandoned', 'discount_created', 'discount_expired', 'approval_requested',
	'approval_rejected'));

create table public.staff_approvals (
	id uuid primary key default gen_random_uuid(),
	kind text not null check (kind in ('credit', 'refund')),
	-- What it acts on: the service (credit) or the invoice (refund), and whose that is.
	target_id uuid not null,
	customer_id uuid,
	amount bigint not null check (amount > 0),
	currency public.currency_code not null,
	reason text not null check (char_length(reason) between 1 and 2000),
	-- No foreign keys to accounts: as staff_audit, the record outlives them, so addresses are kept.
	requested_by uuid not null,
	requested_by_email text not null check (char_length(requested_by_email) <= 320),
	-- The staff write that asked: its request id, which also names a refund at the gateway.
	request_id uuid not null unique,
	requested_at timestamptz not null default now(),
	status text not null default 'pending'
		check (status in ('pending', 'executing', 'approved', 'rejected')),
	decided_by uuid,
	decided_by_email text check (char_length(decided_by_email) <= 320),
	decided_at timestamptz,
	-- What the write answered when approved (the credit note, the new balance).
	outcome jsonb,
	constraint staff_approvals_four_eyes check (decided_by is distinct from requested_by),
	check ((status = 'pending') = (decided_by is null))
);
create index staff_approvals_pending on public.staff_approvals (requested_at)
	where status in ('pending', 'executing');
create index staff_approvals_target on public.staff_approvals (target_id, requested_at desc);
alter table public.staff_approvals enable row level security;
revoke all on public.staff_approvals from anon, authenticated;
comment on table public.staff_approvals is
	'Staff credits and refunds above the policy limit, waiting for (or decided by) a second member of staff.';

-- A decision by another member of staff: 'approve' claims the request for the console to carry
-- out (executing), 'reject' closes it. Under the row's lock: of two decisions at once, the second
-- finds it no longer pending. Answers the request as it is now.
create function public.decide_staff_approval(approval uuid, decider uuid, decider_email text,
	decision text)
returns public.staff_approvals
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	a public.staff_approvals;
begin
	if decision not in ('approve', 'reject') then
		raise exception 'invalid_decision' using errcode = 'P0001';
	end if;
	select * into a from public.staff_approvals x where x.id = approval for update;
	if a.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if a.requested_by = decider then
		raise exception 'own_request' using errcode = 'P0001';
	end if;
	if a.status <> 'pending' then
		raise exception 'not_pending' using errcode = 'P0001';
	end if;
	update public.staff_approvals x
		set status = case when decision = 'approve' then 'executing' else 'rejected' end,
			decided_by = decider, decided_by_email = left(decider_email, 320), decided_at = now()
		where x.id = a.id
		returning * into a;
	return a;
end;
$$;

-- The approved write was carried out: the request is approved, with what the write answered.
create function public.settle_staff_approval(approval uuid, outcome jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
	update public.staff_approvals x set status = 'approved', outcome = settle_staff_approval.outcome
		where x.id = settle_staff_approval.approval and x.status = 'executing';
	if not found then
		raise exception 'not_executing' using errcode = 'P0001';
	end if;
end;
$$;

-- The approved write was refused or failed: nothing changed, the request waits again.
create function public.release_staff_approval(approval uuid)
returns void
language sql
security definer
set search_path = ''
as $$
	update public.staff_approvals x set status = 'pending', decided_by = null,
		decided_by_email = null, decided_at = null
		where x.id = release_staff_approval.approval and x.status = 'executing';
$$;

revoke execute on function public.decide_staff_approval(uuid, uuid, text, text)
	from public, anon, authenticated;
revoke execute on function public.settle_staff_approval(uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.release_staff_approval(uuid) from public, anon, authenticated;
grant execute on function public.decide_staff_approval(uuid, uuid, text, text) to service_role;
grant execute on function public.settle_staff_approval(uuid, jsonb) to service_role;
grant execute on function public.release_staff_approval(uuid) to service_role;
