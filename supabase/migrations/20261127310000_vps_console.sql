-- Browser console tokens: POST /api/services/{id}/console mints one, the site's WebSocket relay
-- consumes it. In the database rather than in memory because either of the two site servers may
-- receive the WebSocket. Only the SHA-256 of the token is kept; the service role alone reads it.
create table public.vps_console_tokens (
	token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
	user_id uuid not null references auth.users (id) on delete cascade,
	service_id uuid not null references public.services (id) on delete cascade,
	expires_at timestamptz not null,
	used_at timestamptz,
	created_at timestamptz not null default now()
);
alter table public.vps_console_tokens enable row level security;
create index vps_console_tokens_expires_idx on public.vps_console_tokens (expires_at);

-- 'console_opened' joins the activity events. The list is extended where it stands rather than
-- restated, so migrations of other features that add their own events keep them.
do $$
declare
	def text;
begin
	select pg_get_constraintdef(oid) into def from pg_constraint
	where conname = 'service_activity_event_check' and conrelid = 'public.service_activity'::regclass;
	if def like '%console_opened%' then
		return;
	end if;
	alter table public.service_activity drop constraint service_activity_event_check;
	execute 'alter table public.service_activity add constraint service_activity_event_check '
		|| replace(def, 'ARRAY[', 'ARRAY[''console_opened''::text, ');
end
$$;
