-- =============================================================================================
-- VPS provisioning (issue 29): a paid VPS is made on the hypervisor by the provisioning job, not
-- by a person from a ticket. Three steps of its own beside the game server's, so nothing of the
-- game panel's (panel_server_id, panel_address) is set for a machine:
--
-- 1. The generated password is kept once: a retried or resumed provisioning reuses the sealed
--    password already kept, so the machine and the order page never disagree about it.
-- 2. Right after the hypervisor made the machine, the same row lock record_money_back and
--    set_service_billing_state take answers whether the service is still payable; when it ended
--    meanwhile (a refund), provisioning destroys the machine.
-- 3. Activation starts the first period as activate_service does for a game server.
-- =============================================================================================

create function public.keep_first_vps_password(service uuid, sealed text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	kept text;
begin
	insert into private.vps_passwords (service_id, sealed)
		values (keep_first_vps_password.service, keep_first_vps_password.sealed)
		on conflict (service_id) do nothing;
	select p.sealed into kept from private.vps_passwords p
		where p.service_id = keep_first_vps_password.service;
	return kept;
end;
$$;

comment on function public.keep_first_vps_password(uuid, text) is
	'Keeps a sealed generated password unless the service already has one, and answers the one kept: every provisioning attempt uses the same password.';

create function public.vps_machine_payable(service uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
	s public.services;
begin
	-- The same row lock record_money_back and set_service_billing_state take: one of them goes
	-- first, so a refund either sees the machine's service still live (and ends it, destroying the
	-- machine by its VMID) or has ended it before this answers false.
	select * into s from public.services x where x.id = service for update;
	return s.id is not null and s.status in ('provisioning', 'active', 'suspended');
end;
$$;

comment on function public.vps_machine_payable(uuid) is
	'Right after the hypervisor made a VPS machine: true while its service is payable; false when it ended (refunded, terminated, cancelled), and the caller destroys the machine.';

create function public.activate_vps_service(service uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	owner uuid;
	machine public.vps_machines;
begin
	update public.services s set status = 'active',
		provisioning_error = null,
		current_period_start = now(),
		current_period_end = now() + (case s.billing_cycle when 'monthly' then 1 when 'quarterly' then 3
			when 'semiannually' then 6 else 12 end) * interval '1 month'
		where s.id = service and s.status = 'provisioning'
		returning s.user_id into owner;
	if owner is null then
		return false;
	end if;
	select * into machine from public.vps_machines m where m.service_id = service;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service, owner, 'provisioned', jsonb_build_object('vmid', machine.vmid,
			'address', (select host(a.address) from public.vps_addresses a
				where a.service_id = service and a.family = 4)));
	return true;
end;
$$;

comment on function public.activate_vps_service(uuid) is
	'Marks a provisioning VPS as running and starts its first period, as activate_service does for a game server; false when it was not provisioning.';

revoke execute on function public.keep_first_vps_password(uuid, text),
	public.vps_machine_payable(uuid),
	public.activate_vps_service(uuid) from public, anon, authenticated;
grant execute on function public.keep_first_vps_password(uuid, text),
	public.vps_machine_payable(uuid),
	public.activate_vps_service(uuid) to service_role;
