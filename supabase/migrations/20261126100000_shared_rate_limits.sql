-- Rate limits shared by every site server: the counts live here, not in one process's memory, so
-- two servers behind a load balancer give an attacker one budget, not two. Subjects (client
-- addresses, e-mail addresses, account ids) are stored only as SHA-256 digests.

create table private.rate_limit_events (
	bucket text not null,
	subject bytea not null,
	at timestamptz not null default clock_timestamp()
);
create index rate_limit_events_lookup on private.rate_limit_events (bucket, subject, at desc);

-- checks: [{"bucket": "signUpPerAddress", "key": "203.0.113.7", "max": 10, "window": 3600}, ...]
-- mode:   'check'  how long to wait (0 = allowed), counting nothing
--         'hit'    the same, and when every check allows, one event counted for each
--         'record' one event counted for each, allowed or not (a wrong password)
-- Returns the longest wait in whole seconds, at least 1 when refused.
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
			from jsonb_array_elements(checks);
	end if;
	-- Subjects that never come back leave rows behind; now and then, sweep what no window covers.
	if random() < 0.01 then
		delete from private.rate_limit_events where at < now_at - interval '1 day';
	end if;
	return wait;
end;
$$;

-- The newest event of a subject taken back (a code that turned out to exist), or all of them.
create or replace function public.rate_limit_forget(bucket text, key text, everything boolean)
returns void
language sql
security definer
set search_path = ''
as $$
	delete from private.rate_limit_events e
		where e.bucket = rate_limit_forget.bucket
		and e.subject = sha256(convert_to(rate_limit_forget.key, 'UTF8'))
		and (everything or e.at = (
			select max(n.at) from private.rate_limit_events n
			where n.bucket = rate_limit_forget.bucket
			and n.subject = sha256(convert_to(rate_limit_forget.key, 'UTF8'))));
$$;

revoke execute on function public.rate_limit_take(jsonb, text) from public, anon, authenticated;
revoke execute on function public.rate_limit_forget(text, text, boolean) from public, anon, authenticated;
grant execute on function public.rate_limit_take(jsonb, text) to service_role;
grant execute on function public.rate_limit_forget(text, text, boolean) to service_role;
