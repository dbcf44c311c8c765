-- =============================================================================================
-- Running a server from the panel: its settings (a label, a daily restart time) and the activity
-- the panel's actions write (power, password resets, settings). The game panel acts first; these
-- record what it did. Service role only: the site checks the owner and talks to the game panel.
-- =============================================================================================

alter table public.services
	add column daily_restart_at time check (extract(second from daily_restart_at) = 0);

comment on column public.services.daily_restart_at is
	'UTC time of day the game panel restarts the server (a schedule there); null for none.';

alter table public.service_activity drop constraint service_activity_event_check;
alter table public.service_activity add constraint service_activity_event_check
	check (event in ('created', 'paid', 'provisioned', 'started', 'stopped', 'restarted',
		'upgraded', 'renewed', 'cancellation_requested', 'kept', 'suspended', 'unsuspended',
		'cancelled', 'terminated', 'paused', 'resumed', 'password_reset', 'settings_changed'));

-- Newest first is how the panel reads a server's activity.
create index service_activity_service_recent_idx on public.service_activity (service_id, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- Record an action the customer took on their server (after the game panel did it)
-- ---------------------------------------------------------------------------------------------

create or replace function public.record_server_action(customer uuid, service uuid, event text,
	detail jsonb default '{}'::jsonb)
returns boolean
language sql
security definer
set search_path = ''
as $$
	insert into public.service_activity (service_id, user_id, event, detail)
	select s.id, s.user_id, record_server_action.event, coalesce(record_server_action.detail, '{}')
	from public.services s where s.id = record_server_action.service and s.user_id = customer
	returning true;
$$;

comment on function public.record_server_action(uuid, uuid, text, jsonb) is
	'Logs a power action or password reset on the customer''s own server; null when it is not theirs.';

-- ---------------------------------------------------------------------------------------------
-- Settings
-- ---------------------------------------------------------------------------------------------

create or replace function public.save_server_settings(customer uuid, service uuid, label text,
	restart_at time)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
	s public.services;
begin
	update public.services x
		set label = left(btrim(coalesce(save_server_settings.label, '')), 60),
			daily_restart_at = restart_at
		where x.id = save_server_settings.service and x.user_id = customer
			and x.status not in ('cancelled', 'terminated')
		returning * into s;
	if not found then
		return false;
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, s.user_id, 'settings_changed', jsonb_build_object('label', s.label,
			'daily_restart_at', to_char(s.daily_restart_at, 'HH24:MI')));
	return true;
end;
$$;

comment on function public.save_server_settings(uuid, uuid, text, time) is
	'The customer''s label and daily restart time for their server, logged; false when not theirs or ended.';

revoke execute on function public.record_server_action(uuid, uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.save_server_settings(uuid, uuid, text, time) from public, anon, authenticated;
grant execute on function public.record_server_action(uuid, uuid, text, jsonb) to service_role;
grant execute on function public.save_server_settings(uuid, uuid, text, time) to service_role;
