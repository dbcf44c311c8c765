-- =============================================================================================
-- Support: tickets and their messages. Customers open tickets, write in their own tickets
-- and may close them; staff answers through the server.
-- =============================================================================================

create table public.tickets (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
	service_id uuid references public.services (id) on delete set null,
	subject text not null check (char_length(btrim(subject)) between 3 and 150),
	department text not null check (department in ('technical', 'billing', 'sales')),
	status text not null default 'open' check (status in ('open', 'answered', 'closed')),
	created_at timestamptz not null default now(),
	updated_at timestamptz not null default now()
);

comment on table public.tickets is 'A support conversation, optionally about one of the customer''s services.';
comment on column public.tickets.status is 'open: waiting for us; answered: waiting for the customer; closed.';

create index tickets_user_id_idx on public.tickets (user_id, updated_at desc);
create index tickets_service_id_idx on public.tickets (service_id);

create trigger tickets_touch before update on public.tickets
	for each row execute function private.touch_updated_at();

create table public.ticket_messages (
	id uuid primary key default gen_random_uuid(),
	ticket_id uuid not null references public.tickets (id) on delete cascade,
	user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
	author text not null default 'customer' check (author in ('customer', 'staff')),
	body text not null check (char_length(btrim(body)) between 1 and 10000),
	created_at timestamptz not null default now()
);

comment on table public.ticket_messages is 'Messages in a ticket, from the customer or from staff.';
comment on column public.ticket_messages.user_id is
	'Owner of the ticket (also for staff replies), so the policy needs no join.';

create index ticket_messages_ticket_idx on public.ticket_messages (ticket_id, created_at);
create index ticket_messages_user_id_idx on public.ticket_messages (user_id);

alter table public.tickets enable row level security;
alter table public.ticket_messages enable row level security;

create policy "Customers read their own tickets" on public.tickets
	for select to authenticated using ((select auth.uid()) = user_id);

create policy "Customers open tickets about their own services" on public.tickets
	for insert to authenticated
	with check (
		(select auth.uid()) = user_id
		and status = 'open'
		and (service_id is null or exists (
			select 1 from public.services s where s.id = service_id and s.user_id = (select auth.uid())
		))
	);

create policy "Customers close their own tickets" on public.tickets
	for update to authenticated
	using ((select auth.uid()) = user_id)
	with check ((select auth.uid()) = user_id and status = 'closed');

create policy "Customers read messages in their own tickets" on public.ticket_messages
	for select to authenticated using ((select auth.uid()) = user_id);

create policy "Customers write in their own tickets" on public.ticket_messages
	for insert to authenticated
	with check (
		(select auth.uid()) = user_id
		and author = 'customer'
		and exists (
			select 1 from public.tickets t where t.id = ticket_id and t.user_id = (select auth.uid())
		)
	);

-- Only these columns are the customer's to set; everything else takes its default.
revoke insert, update, delete on public.tickets, public.ticket_messages from anon, authenticated;
grant insert (subject, department, service_id) on public.tickets to authenticated;
grant update (status) on public.tickets to authenticated;
grant insert (ticket_id, body) on public.ticket_messages to authenticated;

-- ---------------------------------------------------------------------------------------------
-- RPC: open a ticket with its first message in one step
-- ---------------------------------------------------------------------------------------------

create or replace function public.open_ticket(subject text, department text, message text,
	service_id uuid default null)
returns public.tickets
language plpgsql
security invoker
set search_path = ''
as $$
declare
	ticket public.tickets;
begin
	insert into public.tickets (subject, department, service_id)
		values (btrim(open_ticket.subject), open_ticket.department, open_ticket.service_id)
		returning * into ticket;
	insert into public.ticket_messages (ticket_id, body) values (ticket.id, open_ticket.message);
	return ticket;
end;
$$;

comment on function public.open_ticket(text, text, text, uuid) is
	'Opens a ticket with its first message atomically; row-level security applies as the caller.';

revoke execute on function public.open_ticket(text, text, text, uuid) from public, anon;
grant execute on function public.open_ticket(text, text, text, uuid) to authenticated;
