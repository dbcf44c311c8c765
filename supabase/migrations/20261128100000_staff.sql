-- =============================================================================================
-- The staff console (issue 32): who is staff, what each request did, and the audit log.
--
-- Staff are customers' accounts listed in staff_members. Only the service role reads or writes
-- it (an operator runs `npm run staff:add` / `staff:remove`, which call grant_staff and
-- revoke_staff); a customer can neither see nor change it. The console itself reads and writes
-- through the service role after the site's staff door (src/server/staff/door.ts) has checked the
-- session: staff, two-factor (aal2).
--
-- staff_audit is append-only for everyone, the service role included: a trigger refuses every
-- update, delete and truncate. staff_requests makes each console write idempotent: a write's
-- request id is claimed once, and a repeat is answered with the first answer.
-- =============================================================================================

create table public.staff_members (
	user_id uuid primary key references auth.users (id) on delete cascade,
	added_at timestamptz not null default now()
);
alter table public.staff_members enable row level security;
revoke all on public.staff_members from anon, authenticated;
comment on table public.staff_members is
	'Accounts with the staff role; written only by grant_staff / revoke_staff (service role).';

create table public.staff_audit (
	id bigint generated always as identity primary key,
	-- No foreign key: the trail outlives the account that wrote it, so who it was is kept as text too.
	staff_id uuid not null,
	staff_email text not null check (char_length(staff_email) <= 320),
	action text not null check (action in ('ticket_replied', 'ticket_department_changed',
		'ticket_status_changed', 'ticket_assigned', 'invoice_refunded', 'credit_added',
		'days_extended', 'review_accepted', 'review_refunded', 'payout_paid', 'payout_rejected',
		'service_suspended', 'service_unsuspended', 'service_cancelled_at_period_end',
		'service_cancelled_now', 'provisioning_retried', 'provisioning_abandoned',
		'discount_created', 'discount_expired')),
	customer_id uuid,
	-- What was acted on, as kind:id (ticket:…, invoice:…, service:…, payout:…, discount:…).
	subject text not null check (char_length(subject) <= 200),
	before jsonb,
	after jsonb,
	request_id uuid not null unique,
	at timestamptz not null default now()
);
create index staff_audit_customer on public.staff_audit (customer_id, at desc);
create index staff_audit_at on public.staff_audit (at desc);
alter table public.staff_audit enable row level security;
revoke all on public.staff_audit from anon, authenticated;
revoke update, delete, truncate on public.staff_audit from service_role;

create function private.refuse_audit_change() returns trigger
language plpgsql as $$
begin
	raise exception 'staff_audit is append-only' using errcode = '42501';
end;
$$;
create trigger staff_audit_append_only before update or delete on public.staff_audit
	for each row execute function private.refuse_audit_change();
create trigger staff_audit_no_truncate before truncate on public.staff_audit
	for each statement execute function private.refuse_audit_change();

create table public.staff_requests (
	request_id uuid primary key,
	staff_id uuid not null,
	status smallint,
	response jsonb,
	claimed_at timestamptz not null default now()
);
alter table public.staff_requests enable row level security;
revoke all on public.staff_requests from anon, authenticated;

-- The operator's commands. The address is matched as the auth service stores it (lower case).
create function public.grant_staff(email text) returns text
language plpgsql security definer set search_path = '' as $$
declare
	found uuid;
begin
	select u.id into found from auth.users u where lower(u.email) = lower(trim(grant_staff.email));
	if found is null then return 'not_found'; end if;
	insert into public.staff_members (user_id) values (found) on conflict do nothing;
	return 'granted';
end;
$$;

create function public.revoke_staff(email text) returns text
language plpgsql security definer set search_path = '' as $$
declare
	found uuid;
begin
	select u.id into found from auth.users u where lower(u.email) = lower(trim(revoke_staff.email));
	if found is null then return 'not_found'; end if;
	delete from public.staff_members where user_id = found;
	return 'revoked';
end;
$$;

revoke execute on function public.grant_staff(text) from public, anon, authenticated;
revoke execute on function public.revoke_staff(text) from public, anon, authenticated;
grant execute on function public.grant_staff(text) to service_role;
grant execute on function public.revoke_staff(text) to service_role;
