-- Provisioning that cannot leave a free server or a paid order waiting (issue 26, items 2 and 10).
--
-- 1. A server made on the game panel is recorded on its service at once, in the same locked step
--    that asks whether the service is still payable. A refund or termination that lands while the
--    panel was creating it then either finds the server id and deletes it, or has already ended the
--    service, and provisioning is told to delete what it made.
-- 2. Who is provisioning a service right now: a short lease, renewed while the install runs. A
--    site server that starts takes up every paid service whose lease has run out (its holder died)
--    without waiting for the billing run, and two servers starting at once never both create.

create or replace function public.record_panel_server(service uuid, panel_server_id text,
	panel_identifier text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
begin
	-- The same row lock record_money_back and set_service_billing_state take: one of the two goes first.
	select * into s from public.services x where x.id = service for update;
	if s.id is null or s.status not in ('provisioning', 'active', 'suspended') then
		return false;
	end if;
	if s.status = 'provisioning' then
		update public.services x set panel_server_id = record_panel_server.panel_server_id,
			panel_identifier = record_panel_server.panel_identifier
			where x.id = s.id;
	end if;
	return true;
end;
$$;

comment on function public.record_panel_server(uuid, text, text) is
	'Right after the panel made a server: records it on a provisioning service and answers true while the service is payable; false when it ended (refunded, terminated, cancelled), and the caller deletes the server.';

create table private.provisioning_leases (
	service_id uuid primary key references public.services (id) on delete cascade,
	holder text not null,
	leased_until timestamptz not null
);

create or replace function public.provisioning_lease_take(service uuid, holder text, seconds integer)
returns boolean
language sql
security definer
set search_path = ''
as $$
	insert into private.provisioning_leases as l (service_id, holder, leased_until)
	select s.id, provisioning_lease_take.holder, clock_timestamp() + make_interval(secs => seconds)
		from public.services s where s.id = service and s.status = 'provisioning'
	on conflict (service_id) do update set holder = excluded.holder,
		leased_until = excluded.leased_until
		where l.leased_until < clock_timestamp() or l.holder = excluded.holder
	returning true;
$$;

comment on function public.provisioning_lease_take(uuid, text, integer) is
	'Takes or renews the right to provision a service for `seconds`: true for the holder, null while another holder''s lease runs or when the service is not provisioning.';

create or replace function public.provisioning_lease_release(service uuid, holder text)
returns void
language sql
security definer
set search_path = ''
as $$
	delete from private.provisioning_leases l
		where l.service_id = service and l.holder = provisioning_lease_release.holder;
$$;

create or replace function public.provisioning_to_resume(max_rows integer, quiet_seconds integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
	select s.id from public.services s
		left join private.provisioning_leases l on l.service_id = s.id
		where s.status = 'provisioning' and s.provisioning_error is null
			and (l.leased_until is null or l.leased_until < clock_timestamp())
			-- Just paid: the server that took the payment is about to take the lease itself.
			and s.updated_at < clock_timestamp() - make_interval(secs => quiet_seconds)
		order by s.updated_at
		limit max_rows;
$$;

comment on function public.provisioning_to_resume(integer, integer) is
	'Paid services waiting for their server that nobody is provisioning now (no lease, or its holder stopped renewing) and untouched for `quiet_seconds`, oldest first. Those that gave up carry an error and are the team''s.';

revoke execute on function public.record_panel_server(uuid, text, text),
	public.provisioning_lease_take(uuid, text, integer),
	public.provisioning_lease_release(uuid, text),
	public.provisioning_to_resume(integer, integer) from public, anon, authenticated;
grant execute on function public.record_panel_server(uuid, text, text),
	public.provisioning_lease_take(uuid, text, integer),
	public.provisioning_lease_release(uuid, text),
	public.provisioning_to_resume(integer, integer) to service_role;
