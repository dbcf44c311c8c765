-- =============================================================================================
-- Backups a game server's plan includes: the daily backup time the customer chooses (a schedule on
-- the game panel with a backup task, like the daily restart), and whether the panel holds the
-- plan's backup limit and that schedule yet. Servers made before backups existed have neither:
-- the billing run gives them both (src/server/billing/backup-setup.ts) and marks them here.
-- =============================================================================================

alter table public.services
	add column daily_backup_at time default '04:00' check (extract(second from daily_backup_at) = 0),
	add column panel_backup_limit integer check (panel_backup_limit >= 0);

comment on column public.services.daily_backup_at is
	'UTC time of day the game panel backs the server up (a schedule there); null for none.';
comment on column public.services.panel_backup_limit is
	'The backup limit the game panel was given for this server with its daily backup schedule; null until it has them (the billing run sets them up).';

-- The billing run's query: game servers with a server on the panel that lack the limit.
create index services_backups_owed_idx on public.services (id)
	where panel_backup_limit is null and product_type = 'game' and status = 'active';

drop function public.save_server_settings(uuid, uuid, text, time);

create function public.save_server_settings(customer uuid, service uuid, label text,
	restart_at time, backup_at time)
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
			daily_restart_at = restart_at,
			daily_backup_at = backup_at
		where x.id = save_server_settings.service and x.user_id = customer
			and x.status not in ('cancelled', 'terminated')
		returning * into s;
	if not found then
		return false;
	end if;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (s.id, s.user_id, 'settings_changed', jsonb_build_object('label', s.label,
			'daily_restart_at', to_char(s.daily_restart_at, 'HH24:MI'),
			'daily_backup_at', to_char(s.daily_backup_at, 'HH24:MI')));
	return true;
end;
$$;
comment on function public.save_server_settings(uuid, uuid, text, time, time) is
	'The customer''s label, daily restart and daily backup times for their server, logged; false when not theirs or ended.';

revoke execute on function public.save_server_settings(uuid, uuid, text, time, time) from public, anon, authenticated;
grant execute on function public.save_server_settings(uuid, uuid, text, time, time) to service_role;
