-- =============================================================================================
-- The staff console's servers (issue 32): a suspension staff make, with the reason the customer
-- sees, that the billing run does not lift; a cancellation staff ask for on the customer's
-- behalf; and goodwill days on a service's due date.
--
-- Staff act through the service role after the site's staff door; nothing here is granted to
-- customers. The billing run and the console share set_service_billing_state (who moved the
-- service is a parameter) and request_cancellation (the owner is a parameter for the service role).
-- =============================================================================================

alter table public.services
	add column suspended_by text check (suspended_by in ('billing', 'staff')),
	add column suspension_reason text check (char_length(suspension_reason) <= 500);

comment on column public.services.suspended_by is
	'Who suspended the service: billing (unpaid renewal; paying lifts it) or staff (only staff lift it).';
comment on column public.services.suspension_reason is
	'Why staff suspended the service, shown to the customer on their server''s page.';

-- Suspended before this column existed: the billing run (or a pause) did it.
update public.services set suspended_by = 'billing' where status = 'suspended';

drop function public.set_service_billing_state(uuid, text, timestamptz);

create function public.set_service_billing_state(service uuid, state text, at timestamptz,
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
			where i.service_id = service and i.status in ('unpaid', 'overdue');
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

comment on function public.set_service_billing_state(uuid, text, timestamptz, uuid, text) is
	'Moves a service between billing states after its host did; staff (with a reason) suspend so that only staff unsuspend.';

revoke execute on function public.set_service_billing_state(uuid, text, timestamptz, uuid, text)
	from public, anon, authenticated;
grant execute on function public.set_service_billing_state(uuid, text, timestamptz, uuid, text)
	to service_role;

-- ---------------------------------------------------------------------------------------------
-- request_cancellation: the customer's own (auth.uid()), or, for the service role, the owner it
-- names. Customers cannot name an owner: auth.uid() always wins for them.
-- ---------------------------------------------------------------------------------------------

drop function public.request_cancellation(uuid, text);

create function public.request_cancellation(service_id uuid, reason text, owner uuid default null)
returns public.services
language plpgsql
security definer
set search_path = ''
as $$
declare
	service public.services;
	clean_reason text := btrim(coalesce(reason, ''));
	who uuid := coalesce((select auth.uid()), request_cancellation.owner);
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	if clean_reason = '' then
		raise exception 'reason_required' using errcode = 'P0001', hint = 'A reason is required.';
	end if;
	select * into service from public.services s
		where s.id = request_cancellation.service_id and s.user_id = who
		for update;
	if not found then
		raise exception 'service_not_found' using errcode = 'P0001';
	end if;
	if service.cancel_at_period_end then
		return service; -- already requested: asking again changes nothing
	end if;
	if service.status not in ('active', 'suspended') then
		raise exception 'service_not_active' using errcode = 'P0001';
	end if;
	update public.services s
		set cancel_at_period_end = true,
			cancellation_reason = left(clean_reason, 2000),
			cancellation_requested_at = now()
		where s.id = service.id
		returning * into service;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service.id, service.user_id, 'cancellation_requested',
			jsonb_build_object('ends_at', service.current_period_end));
	return service;
end;
$$;

revoke execute on function public.request_cancellation(uuid, text, uuid) from public, anon;
grant execute on function public.request_cancellation(uuid, text, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Goodwill days: the due date moves forward, and an open renewal invoice for the next period
-- moves with it (it starts where the period now ends, as extend_service_period expects).
-- ---------------------------------------------------------------------------------------------

create function public.extend_service_days(service uuid, days integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	shift interval := make_interval(days => extend_service_days.days);
begin
	if days < 1 or days > 90 then
		raise exception 'days_out_of_range' using errcode = 'P0001';
	end if;
	select * into s from public.services x where x.id = service for update;
	if s.id is null then
		return jsonb_build_object('extended', false, 'refusal', 'not_found');
	end if;
	if s.status not in ('active', 'suspended') or s.current_period_end is null then
		return jsonb_build_object('extended', false, 'refusal', 'not_active');
	end if;
	if exists (select 1 from public.service_pauses p where p.service_id = s.id
		and p.status = 'active') then
		return jsonb_build_object('extended', false, 'refusal', 'paused');
	end if;
	if exists (select 1 from public.invoices i where i.service_id = s.id
		and i.status = 'overdue') then
		return jsonb_build_object('extended', false, 'refusal', 'overdue');
	end if;
	update public.invoices i set period_start = i.period_start + shift,
		period_end = i.period_end + shift, due_at = i.due_at + shift
		where i.service_id = s.id and i.kind = 'renewal' and i.status = 'unpaid'
			and i.period_start = s.current_period_end;
	update public.services x set current_period_end = x.current_period_end + shift
		where x.id = s.id;
	-- The staff audit keeps who gave the days and why; the customer sees the new due date.
	return jsonb_build_object('extended', true, 'from', s.current_period_end,
		'until', s.current_period_end + shift);
end;
$$;

comment on function public.extend_service_days(uuid, integer) is
	'Goodwill from staff: moves the due date (and an open renewal invoice) forward by 1-90 days.';

revoke execute on function public.extend_service_days(uuid, integer)
	from public, anon, authenticated;
grant execute on function public.extend_service_days(uuid, integer) to service_role;
