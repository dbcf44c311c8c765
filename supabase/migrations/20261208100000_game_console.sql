-- A game server's live console through the site (issue 41). It reuses the VPS console's machinery
-- (20261127310000_vps_console.sql, 20261206150000_console_live_access.sql): the same one-time
-- tokens, told apart by which console they open and who watches, and a live check of its own.
--
-- 1. vps_console_tokens names its console ('vps' or 'game') and its viewer ('owner', or 'staff'
--    watching read-only from the staff console). A token spends only for its own console.
-- 2. game_console_access_live: what console_access_live is to a VPS console, for a game server's:
--    the session and password as there, then the owner (or, for staff, still staff) and the
--    service still an active game server. Its answers are src/lib/domain/console-ending.ts.
-- 3. staff_audit gains 'game_console_opened' (a member of staff watching a customer's console).

alter table public.vps_console_tokens
	add column console text not null default 'vps' check (console in ('vps', 'game')),
	add column viewer text not null default 'owner' check (viewer in ('owner', 'staff'));
comment on column public.vps_console_tokens.console is
	'Which console the token opens: a VPS''s screen or a game server''s console.';
comment on column public.vps_console_tokens.viewer is
	'The service''s owner, or staff watching read-only (game consoles only).';

create or replace function public.game_console_access_live(
	session_id uuid,
	user_id uuid,
	service_id uuid,
	opened_at timestamptz,
	as_staff boolean
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
		where s.id = game_console_access_live.session_id and s.user_id = game_console_access_live.user_id
			and (s.not_after is null or s.not_after > now())
	) then
		return 'signed_out';
	end if;
	if exists (
		select 1 from private.password_changes c
		where c.user_id = game_console_access_live.user_id
			and c.changed_at > game_console_access_live.opened_at
	) then
		return 'password_changed';
	end if;
	select sv.user_id, sv.status, sv.product_type into service
	from public.services sv where sv.id = game_console_access_live.service_id;
	if service.product_type is distinct from 'game' then
		return 'not_yours';
	end if;
	if game_console_access_live.as_staff then
		if not exists (
			select 1 from public.staff_members m where m.user_id = game_console_access_live.user_id
		) then
			return 'not_yours';
		end if;
	elsif service.user_id is distinct from game_console_access_live.user_id then
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

comment on function public.game_console_access_live(uuid, uuid, uuid, timestamptz, boolean) is
	'Whether a game server''s console opened by this session at opened_at may stay open: ''open'' or why not.';

revoke execute on function public.game_console_access_live(uuid, uuid, uuid, timestamptz, boolean)
	from public, anon, authenticated;
grant execute on function public.game_console_access_live(uuid, uuid, uuid, timestamptz, boolean)
	to service_role;

-- Extended where it stands rather than restated, so other features' actions stay.
do $$
declare
	def text;
begin
	select pg_get_constraintdef(oid) into def from pg_constraint
	where conname = 'staff_audit_action_check' and conrelid = 'public.staff_audit'::regclass;
	if def like '%game_console_opened%' then
		return;
	end if;
	alter table public.staff_audit drop constraint staff_audit_action_check;
	execute 'alter table public.staff_audit add constraint staff_audit_action_check '
		|| replace(def, 'ARRAY[', 'ARRAY[''game_console_opened''::text, ');
end
$$;
