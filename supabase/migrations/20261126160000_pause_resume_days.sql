-- =============================================================================================
-- Resuming a pause gives back exactly the unused days (issue 26 item 7). end_service_pause gave
-- back the whole 24-hour periods left, so the day under way counted as paused: a pause resumed at
-- once returned one day less than it had added, and each loop of pause and resume moved the due
-- date a day later (three loops: 26 → 29 December). The rule now lives in one place, the site's
-- pure `pauseDaysReturned` (src/lib/billing/pause-resume.ts: the days less the whole days the
-- pause ran), as the new due date of a pause start is the site's `addCycle`. This function takes
-- the days to give back for one running pause, refuses any count the pause cannot return, and
-- moves the due date back by it. Service role only.
-- =============================================================================================

drop function public.end_service_pause(uuid, timestamptz);

create or replace function public.end_service_pause(pause uuid, at timestamptz, returned integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	running public.service_pauses;
	s public.services;
	given integer := end_service_pause.returned;
begin
	select * into running from public.service_pauses x
		where x.id = end_service_pause.pause and x.status = 'active' for update;
	if running.id is null then
		-- Ended meanwhile (the sweep and a resume at once): nothing more to give back.
		return jsonb_build_object('ended', false);
	end if;
	if given is null or given < 0 or given > running.days then
		raise exception 'invalid days returned % of %', given, running.days using errcode = '22023';
	end if;
	update public.services x
		set current_period_end = x.current_period_end - make_interval(days => given),
			status = case when x.status = 'suspended' then 'active' else x.status end
		where x.id = running.service_id and x.status in ('active', 'suspended')
		returning * into s;
	update public.service_pauses x set status = 'ended', ended_at = end_service_pause.at,
		days_returned = given
		where x.id = running.id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (running.service_id, running.user_id, 'resumed', jsonb_build_object(
			'at', end_service_pause.at, 'days_returned', given, 'due', s.current_period_end));
	return jsonb_build_object('ended', true, 'service_id', running.service_id,
		'days_returned', given, 'period_end', s.current_period_end);
end;
$$;

revoke execute on function public.end_service_pause(uuid, timestamptz, integer)
	from public, anon, authenticated;
grant execute on function public.end_service_pause(uuid, timestamptz, integer) to service_role;

comment on column public.service_pauses.days_returned is
	'Days given back when the pause ended: its days less the whole days it ran (pauseDaysReturned).';
