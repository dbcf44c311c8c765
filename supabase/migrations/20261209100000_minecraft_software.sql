-- =============================================================================================
-- Minecraft server software and modpacks (issue 42): what each Minecraft server runs (its plain
-- software and Minecraft version, and the modpack installed over it) and every change of it. A
-- change runs in the background on a site server (src/server/minecraft-software/job.ts): a backup,
-- stop, reinstall on the game panel, start; on failure the backup is put back. One change at a time
-- per server, held by a short lease like provisioning's, so a restarted site server takes it up.
-- Customers read their own rows; only the service role writes, through the functions below.
-- =============================================================================================

create table public.server_software (
	service_id uuid primary key references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	software text check (software in ('vanilla', 'paper', 'fabric', 'forge', 'neoforge')),
	minecraft_version text check (minecraft_version ~ '^[0-9A-Za-z._-]{1,32}$'),
	modpack_project_id text check (modpack_project_id ~ '^[0-9A-Za-z]{8}$'),
	modpack_version_id text check (modpack_version_id ~ '^[0-9A-Za-z]{8}$'),
	modpack_name text check (char_length(modpack_name) between 1 and 200),
	modpack_version text check (char_length(modpack_version) between 1 and 200),
	modpack_loader text check (modpack_loader in ('forge', 'neoforge', 'fabric', 'quilt')),
	modpack_game_version text check (modpack_game_version ~ '^[0-9A-Za-z._-]{1,32}$'),
	updated_at timestamptz not null default now(),
	check ((software is null) = (minecraft_version is null)),
	check (num_nulls(modpack_project_id, modpack_version_id, modpack_name, modpack_version,
		modpack_loader, modpack_game_version) in (0, 6))
);

comment on table public.server_software is
	'What a Minecraft server runs, as its last finished software change left it; no row until the first.';
comment on column public.server_software.software is
	'The plain software (with minecraft_version): what runs without a pack, and what removing the pack goes back to. Null: the plan''s default, never changed here.';
comment on column public.server_software.modpack_project_id is
	'The installed modpack (Modrinth project and version ids, names, loader, Minecraft version); all null without one.';

create index server_software_user_id_idx on public.server_software (user_id);

create table public.software_installs (
	id uuid primary key default gen_random_uuid(),
	service_id uuid not null references public.services (id) on delete cascade,
	user_id uuid not null references auth.users (id) on delete cascade,
	kind text not null check (kind in ('software', 'modpack', 'modpack_removal')),
	-- What the customer reads: "Fabulously Optimized 6.1.0", "Paper 1.21.4".
	target text not null check (char_length(target) between 1 and 300),
	-- What the game panel is given (`SoftwareInstall`: plain software, or a pack's resolved plan).
	install jsonb not null check (jsonb_typeof(install) = 'object'
		and install ->> 'kind' in ('software', 'modpack')),
	fresh_world boolean not null default false,
	status text not null default 'installing' check (status in ('installing', 'installed', 'failed')),
	step text not null default 'backup' check (step in ('backup', 'stopping', 'installing', 'starting')),
	backup_id text check (char_length(backup_id) between 1 and 64),
	error_code text check (error_code in ('backup_failed', 'install_failed', 'timed_out',
		'panel_refused', 'panel_unavailable')),
	restored_backup boolean not null default false,
	started_at timestamptz not null default now(),
	finished_at timestamptz,
	lease_holder text,
	leased_until timestamptz,
	check ((status = 'installing') = (finished_at is null)),
	-- A running change with an error is failing: its backup is being put back (resumed so).
	check (status <> 'failed' or error_code is not null),
	check (status <> 'installed' or error_code is null),
	check (status = 'failed' or not restored_backup)
);

comment on table public.software_installs is
	'A Minecraft server''s software changes, newest last: what was asked, the step reached, the backup made first, how it ended.';
comment on column public.software_installs.step is
	'The last step reached (backup, stopping, installing, starting); kept when it failed, for staff.';
comment on column public.software_installs.lease_holder is
	'The site server running the change now; another takes it up once leased_until has passed.';

-- One change at a time per server: a second one is refused (install_running).
create unique index software_installs_one_running_idx on public.software_installs (service_id)
	where status = 'installing';
create index software_installs_service_recent_idx on public.software_installs (service_id, started_at desc);
create index software_installs_user_id_idx on public.software_installs (user_id);

alter table public.server_software enable row level security;
alter table public.software_installs enable row level security;

create policy "Customers read their own server software" on public.server_software
	for select to authenticated using ((select auth.uid()) = user_id);
create policy "Customers read their own software changes" on public.software_installs
	for select to authenticated using ((select auth.uid()) = user_id);

-- As on every table with a customer policy (20261127200000_two_factor.sql).
create policy "Two-factor customers need an aal2 session" on public.server_software
	as restrictive for all to authenticated
	using ((select private.session_meets_assurance()))
	with check ((select private.session_meets_assurance()));
create policy "Two-factor customers need an aal2 session" on public.software_installs
	as restrictive for all to authenticated
	using ((select private.session_meets_assurance()))
	with check ((select private.session_meets_assurance()));

revoke insert, update, delete on public.server_software, public.software_installs
	from anon, authenticated;

-- The activity's new events, added to the list where it stands (20261208110000 explains why).
do $$
declare
	def text;
	missing text[];
begin
	select pg_get_constraintdef(oid) into def from pg_constraint
	where conname = 'service_activity_event_check' and conrelid = 'public.service_activity'::regclass;
	select array_agg(event) into missing
	from unnest(array['software_changed', 'modpack_installed', 'modpack_removed',
		'software_install_failed']) as event
	where def not like '%''' || event || '''%';
	if missing is null then
		return;
	end if;
	alter table public.service_activity drop constraint service_activity_event_check;
	execute 'alter table public.service_activity add constraint service_activity_event_check '
		|| replace(def, 'ARRAY[', 'ARRAY[' || (
			select string_agg(quote_literal(event) || '::text', ', ') from unnest(missing) as event
		) || ', ');
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Starting a change: under the service's lock, the customer's own active Minecraft server (with
-- the paid extra for a pack), and none running. Null when one runs; the caller answers 409.
-- ---------------------------------------------------------------------------------------------

create function public.begin_software_install(customer uuid, service uuid, kind text,
	target text, install jsonb, fresh_world boolean, holder text, seconds integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	s public.services;
	made uuid;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null or s.product_type <> 'game' or s.game is distinct from 'minecraft'
		or s.status <> 'active' then
		raise exception 'service_not_eligible' using errcode = 'P0001';
	end if;
	if kind = 'modpack' and not s.modpack_installation then
		raise exception 'modpack_extra_required' using errcode = 'P0001';
	end if;
	insert into public.software_installs as i (service_id, user_id, kind, target, install,
		fresh_world, lease_holder, leased_until)
	values (s.id, s.user_id, kind, target, install, coalesce(fresh_world, false), holder,
		clock_timestamp() + make_interval(secs => seconds))
	on conflict (service_id) where status = 'installing' do nothing
	returning i.id into made;
	return made;
end;
$$;

comment on function public.begin_software_install(uuid, uuid, text, text, jsonb, boolean, text, integer) is
	'Records a new software change on the customer''s active Minecraft server, leased to `holder`; null while another runs.';

-- ---------------------------------------------------------------------------------------------
-- The worker's lease: taken or renewed by its holder, or taken over once it ran out.
-- ---------------------------------------------------------------------------------------------

create function public.software_install_lease(change uuid, holder text, seconds integer)
returns boolean
language sql
security definer
set search_path = ''
as $$
	update public.software_installs i
		set lease_holder = software_install_lease.holder,
			leased_until = clock_timestamp() + make_interval(secs => seconds)
		where i.id = change and i.status = 'installing'
			and (i.leased_until is null or i.leased_until < clock_timestamp()
				or i.lease_holder = software_install_lease.holder)
	returning true;
$$;

comment on function public.software_install_lease(uuid, text, integer) is
	'Takes or renews the right to run a software change for `seconds`: true for the holder, null while another holder''s lease runs or once it finished.';

create function public.software_install_release(change uuid, holder text)
returns void
language sql
security definer
set search_path = ''
as $$
	update public.software_installs i set lease_holder = null, leased_until = null
		where i.id = change and i.lease_holder = software_install_release.holder;
$$;

create function public.software_installs_to_resume(max_rows integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
	select i.id from public.software_installs i
		where i.status = 'installing'
			and (i.leased_until is null or i.leased_until < clock_timestamp())
		order by i.started_at
		limit max_rows;
$$;

comment on function public.software_installs_to_resume(integer) is
	'Software changes nobody runs now (no lease, or its holder stopped renewing: a site server stopped mid-change), oldest first.';

-- ---------------------------------------------------------------------------------------------
-- The step reached (and the backup made first), by the lease's holder only.
-- ---------------------------------------------------------------------------------------------

create function public.software_install_step(change uuid, holder text, step text,
	backup_id text default null)
returns boolean
language sql
security definer
set search_path = ''
as $$
	update public.software_installs i
		set step = software_install_step.step,
			backup_id = coalesce(software_install_step.backup_id, i.backup_id)
		where i.id = change and i.status = 'installing'
			and i.lease_holder = software_install_step.holder
	returning true;
$$;

-- A change that failed once the server's files may have changed: why, recorded before its backup
-- is put back, so a server that goes on with it after a restart restores rather than installs.
create function public.software_install_failing(change uuid, holder text, error_code text)
returns boolean
language sql
security definer
set search_path = ''
as $$
	update public.software_installs i set error_code = software_install_failing.error_code
		where i.id = change and i.status = 'installing'
			and i.lease_holder = software_install_failing.holder
	returning true;
$$;

-- ---------------------------------------------------------------------------------------------
-- The end of a change, in one step: its status, what the server now runs (when installed) and
-- the line in the server's activity. Only the lease's holder ends it, once.
-- ---------------------------------------------------------------------------------------------

create function public.finish_software_install(change uuid, holder text, outcome text,
	error_code text default null, restored boolean default false)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
	i public.software_installs;
	before public.server_software;
	plan jsonb;
	event text;
	detail jsonb;
begin
	select * into i from public.software_installs x where x.id = change for update;
	if i.id is null or i.status <> 'installing' or i.lease_holder is distinct from holder then
		return false;
	end if;
	if outcome = 'installed' then
		select * into before from public.server_software x where x.service_id = i.service_id;
		if i.kind = 'modpack' then
			plan := i.install -> 'plan';
			insert into public.server_software as w (service_id, user_id, modpack_project_id,
				modpack_version_id, modpack_name, modpack_version, modpack_loader, modpack_game_version)
			values (i.service_id, i.user_id, plan ->> 'projectId', plan ->> 'versionId', plan ->> 'name',
				plan ->> 'versionName', plan ->> 'loader', plan ->> 'gameVersion')
			on conflict (service_id) do update set modpack_project_id = excluded.modpack_project_id,
				modpack_version_id = excluded.modpack_version_id, modpack_name = excluded.modpack_name,
				modpack_version = excluded.modpack_version, modpack_loader = excluded.modpack_loader,
				modpack_game_version = excluded.modpack_game_version, updated_at = now();
			event := 'modpack_installed';
			detail := jsonb_build_object('name', plan ->> 'name', 'version', plan ->> 'versionName',
				'loader', plan ->> 'loader', 'gameVersion', plan ->> 'gameVersion');
		else
			insert into public.server_software as w (service_id, user_id, software, minecraft_version)
			values (i.service_id, i.user_id, i.install ->> 'software', i.install ->> 'minecraftVersion')
			on conflict (service_id) do update set software = excluded.software,
				minecraft_version = excluded.minecraft_version, modpack_project_id = null,
				modpack_version_id = null, modpack_name = null, modpack_version = null,
				modpack_loader = null, modpack_game_version = null, updated_at = now();
			event := case i.kind when 'modpack_removal' then 'modpack_removed' else 'software_changed' end;
			detail := jsonb_build_object('software', i.install ->> 'software',
				'minecraftVersion', i.install ->> 'minecraftVersion');
			if i.kind = 'modpack_removal' and before.modpack_name is not null then
				detail := detail || jsonb_build_object('name', before.modpack_name,
					'version', before.modpack_version);
			end if;
		end if;
		update public.software_installs x set status = 'installed', finished_at = now(),
			lease_holder = null, leased_until = null
			where x.id = i.id;
	elsif outcome = 'failed' then
		update public.software_installs x set status = 'failed', finished_at = now(),
			error_code = coalesce(finish_software_install.error_code, x.error_code),
			restored_backup = coalesce(restored, false),
			lease_holder = null, leased_until = null
			where x.id = i.id;
		event := 'software_install_failed';
		detail := jsonb_build_object('kind', i.kind, 'target', i.target,
			'error', coalesce(finish_software_install.error_code, i.error_code),
			'restoredBackup', coalesce(restored, false));
	else
		raise exception 'invalid_outcome' using errcode = 'P0001';
	end if;
	detail := detail || jsonb_build_object('target', i.target);
	insert into public.service_activity (service_id, user_id, event, detail)
		values (i.service_id, i.user_id, event, detail);
	return true;
end;
$$;

comment on function public.finish_software_install(uuid, text, text, text, boolean) is
	'Ends a software change as installed (what the server runs follows) or failed (with why and whether its backup was put back), with its activity line; false unless the holder''s and still running.';

revoke execute on function
	public.begin_software_install(uuid, uuid, text, text, jsonb, boolean, text, integer),
	public.software_install_lease(uuid, text, integer),
	public.software_install_release(uuid, text),
	public.software_installs_to_resume(integer),
	public.software_install_step(uuid, text, text, text),
	public.software_install_failing(uuid, text, text),
	public.finish_software_install(uuid, text, text, text, boolean)
	from public, anon, authenticated;
grant execute on function
	public.begin_software_install(uuid, uuid, text, text, jsonb, boolean, text, integer),
	public.software_install_lease(uuid, text, integer),
	public.software_install_release(uuid, text),
	public.software_installs_to_resume(integer),
	public.software_install_step(uuid, text, text, text),
	public.software_install_failing(uuid, text, text),
	public.finish_software_install(uuid, text, text, text, boolean)
	to service_role;
