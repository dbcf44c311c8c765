-- An open VPS console ends when what allowed it ends (issue 38). The site server holding the
-- console's WebSocket asks console_access_live every few seconds (src/server/console/live-access.ts);
-- the answer is in the database, not in a server's memory, so whichever site server holds the
-- socket sees a sign-out or a suspension made through any other.
--
-- 1. A console token remembers the session that made it (its access token's session_id): only that
--    session may spend it, and the console lives as long as that session does.
-- 2. private.password_changes: when each account's password last changed. auth.users has no such
--    column, and the session that changes the password survives the change (Auth ends only the
--    others), so a console it opened would otherwise outlive the new password.
-- 3. console_access_live: one small query per open console per interval, for the service role.

-- Tokens live 30 seconds; any made before this migration could not name their session.
delete from public.vps_console_tokens;
alter table public.vps_console_tokens add column session_id uuid not null;

create table private.password_changes (
	user_id uuid primary key references auth.users (id) on delete cascade,
	changed_at timestamptz not null
);

create or replace function private.note_password_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
	if new.encrypted_password is distinct from old.encrypted_password then
		insert into private.password_changes (user_id, changed_at) values (new.id, now())
		on conflict (user_id) do update set changed_at = excluded.changed_at;
	end if;
	return new;
end;
$$;

comment on function private.note_password_change() is
	'Trigger on auth.users: records when the password changed (sign-up sets it, not changes it).';

create trigger on_auth_password_changed after update of encrypted_password on auth.users
	for each row execute function private.note_password_change();

-- Why the console opened at `opened_at` by this session must close now, or 'open'. The answers
-- besides 'open' are the close reasons of src/lib/domain/console-ending.ts; the site parses them.
create or replace function public.console_access_live(
	session_id uuid,
	user_id uuid,
	service_id uuid,
	opened_at timestamptz
)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
	service record;
begin
	if not exists (
		select 1 from auth.sessions s
		where s.id = console_access_live.session_id and s.user_id = console_access_live.user_id
			and (s.not_after is null or s.not_after > now())
	) then
		return 'signed_out';
	end if;
	if exists (
		select 1 from private.password_changes c
		where c.user_id = console_access_live.user_id and c.changed_at > console_access_live.opened_at
	) then
		return 'password_changed';
	end if;
	select sv.user_id, sv.status into service
	from public.services sv where sv.id = console_access_live.service_id;
	if service.user_id is distinct from console_access_live.user_id then
		return 'not_yours';
	end if;
	if service.status = 'suspended' then
		return 'suspended';
	end if;
	if service.status <> 'active' then
		return 'ended';
	end if;
	return 'open';
end;
$$;

comment on function public.console_access_live(uuid, uuid, uuid, timestamptz) is
	'Whether a VPS console opened by this session at opened_at may stay open: ''open'' or why not.';

revoke execute on function private.note_password_change() from public, anon, authenticated;
revoke execute on function public.console_access_live(uuid, uuid, uuid, timestamptz)
	from public, anon, authenticated;
grant execute on function public.console_access_live(uuid, uuid, uuid, timestamptz) to service_role;
