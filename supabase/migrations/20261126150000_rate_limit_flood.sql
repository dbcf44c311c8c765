-- A check may say "count": false: in a 'hit' it is asked like the others but never counted. A
-- sign-in asks its address's limit (counted) and whether its account is paused (not counted) in
-- one call instead of two: during a flood of sign-ins every attempt made both round trips on the
-- database. Otherwise as in 20261126100000_shared_rate_limits.

create or replace function public.rate_limit_take(checks jsonb, mode text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
	item jsonb;
	digest bytea;
	window_secs integer;
	most integer;
	counted integer;
	oldest timestamptz;
	wait integer := 0;
	now_at timestamptz := clock_timestamp();
begin
	if mode not in ('check', 'hit', 'record') then
		raise exception 'rate_limit_take: unknown mode %', mode using errcode = '22023';
	end if;
	-- Takes of the same subject queue here, in a fixed order so two servers never deadlock.
	for item in select value from jsonb_array_elements(checks) order by value->>'bucket', value->>'key' loop
		perform pg_advisory_xact_lock(hashtextextended('rate:' || (item->>'bucket') || ':' || (item->>'key'), 0));
	end loop;
	for item in select value from jsonb_array_elements(checks) loop
		digest := sha256(convert_to(item->>'key', 'UTF8'));
		window_secs := (item->>'window')::integer;
		most := (item->>'max')::integer;
		delete from private.rate_limit_events e
			where e.bucket = item->>'bucket' and e.subject = digest
			and e.at <= now_at - make_interval(secs => window_secs);
		if mode <> 'record' then
			select count(*) into counted from private.rate_limit_events e
				where e.bucket = item->>'bucket' and e.subject = digest;
			if counted >= most then
				-- Allowed again once the max-th newest event leaves the window.
				select e.at into oldest from private.rate_limit_events e
					where e.bucket = item->>'bucket' and e.subject = digest
					order by e.at desc offset most - 1 limit 1;
				wait := greatest(wait, 1,
					ceil(extract(epoch from oldest + make_interval(secs => window_secs) - now_at))::integer);
			end if;
		end if;
	end loop;
	if mode = 'record' or (mode = 'hit' and wait = 0) then
		insert into private.rate_limit_events (bucket, subject, at)
			select value->>'bucket', sha256(convert_to(value->>'key', 'UTF8')), now_at
			from jsonb_array_elements(checks)
			where mode = 'record' or coalesce((value->>'count')::boolean, true);
	end if;
	-- Subjects that never come back leave rows behind; now and then, sweep what no window covers.
	if random() < 0.01 then
		delete from private.rate_limit_events where at < now_at - interval '1 day';
	end if;
	return wait;
end;
$$;
