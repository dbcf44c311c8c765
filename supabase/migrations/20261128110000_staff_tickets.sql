-- =============================================================================================
-- The staff console's tickets (issue 32): the inbox, one ticket with its customer, and the
-- writes staff make besides a reply (which stays `staff_reply`, 20261125120000_support_threads.sql):
-- the department, the status and who has taken the ticket.
--
-- Who has taken a ticket is kept apart from the ticket, in ticket_assignments, which only the
-- service role reads or writes: customers read their tickets with `select *` (the tickets policy,
-- open_ticket's `returning *`), so a column on tickets would show them the name of whoever took
-- it. The tickets table, its policies and grants, and every function customers call stay as they
-- were. Every function here is the service role's alone; the console calls them after the staff
-- door (src/server/staff/door.ts) has checked the session.
-- =============================================================================================

create table public.ticket_assignments (
	ticket_id uuid primary key references public.tickets (id) on delete cascade,
	staff_id uuid not null references auth.users (id) on delete cascade,
	assigned_at timestamptz not null default now()
);
create index ticket_assignments_staff on public.ticket_assignments (staff_id);
alter table public.ticket_assignments enable row level security;
revoke all on public.ticket_assignments from anon, authenticated;
comment on table public.ticket_assignments is
	'Which member of staff has taken a ticket; service role only, never shown to the customer.';

-- The inbox reads the tickets that are not closed.
create index tickets_waiting_idx on public.tickets (status) where status <> 'closed';

-- ---------------------------------------------------------------------------------------------
-- The inbox: open and answered tickets, the one waiting longest first. An open ticket waits for
-- us from the customer's first message since our last one (a customer who writes again while
-- waiting keeps their place); an answered one waits for the customer from our first message since
-- their last. A ticket with no such message (reopened without one, or no messages at all) waits
-- from its last message, else from when it was opened. With the customer, the ticket's server,
-- how many servers the customer has (deleted ones aside), the last message, who has taken it,
-- and the total for paging. Definer: the addresses are in auth.users.
-- ---------------------------------------------------------------------------------------------

create function public.staff_ticket_inbox(
	filter_statuses text[] default array['open', 'answered'],
	filter_department text default null,
	filter_search text default null,
	filter_assignee uuid default null,
	page_size integer default 50,
	page_offset integer default 0)
returns table (id uuid, subject text, department text, status text, created_at timestamptz,
	waiting_since timestamptz, last_author text, last_body text,
	customer_id uuid, customer_email text, customer_name text,
	service_id uuid, service_type text, service_game text, service_plan text, service_label text,
	customer_services bigint, assignee_id uuid, assignee_email text, total bigint)
language sql
stable
security definer
set search_path = ''
as $$
	select t.id, t.subject, t.department, t.status, t.created_at,
		coalesce(w.since, m.created_at, t.created_at), m.author, left(m.body, 280),
		t.user_id, u.email::text, btrim(concat_ws(' ', p.first_name, p.last_name)),
		s.id, s.product_type, s.game, s.plan_id, s.label,
		(select count(*) from public.services c where c.user_id = t.user_id and c.status <> 'terminated'),
		a.staff_id, su.email::text,
		count(*) over ()
	from public.tickets t
	join auth.users u on u.id = t.user_id
	left join public.profiles p on p.id = t.user_id
	left join public.services s on s.id = t.service_id
	left join public.ticket_assignments a on a.ticket_id = t.id
	left join auth.users su on su.id = a.staff_id
	left join lateral (
		select x.author, x.body, x.created_at from public.ticket_messages x
		where x.ticket_id = t.id
		order by x.created_at desc, x.id desc
		limit 1
	) m on true
	left join lateral (
		-- The side whose turn it is not: the customer's messages when open, ours when answered.
		select case when t.status = 'open' then 'customer' else 'staff' end as waiter
	) side on true
	left join lateral (
		select min(x.created_at) as since from public.ticket_messages x
		where x.ticket_id = t.id and x.author = side.waiter
			and x.created_at > coalesce((
				select max(y.created_at) from public.ticket_messages y
				where y.ticket_id = t.id and y.author <> side.waiter), '-infinity')
	) w on true
	where t.status <> 'closed'
		and t.status = any (staff_ticket_inbox.filter_statuses)
		and (staff_ticket_inbox.filter_department is null
			or t.department = staff_ticket_inbox.filter_department)
		and (staff_ticket_inbox.filter_assignee is null
			or a.staff_id = staff_ticket_inbox.filter_assignee)
		and (coalesce(staff_ticket_inbox.filter_search, '') = ''
			or strpos(lower(t.subject), lower(staff_ticket_inbox.filter_search)) > 0
			or strpos(lower(u.email), lower(staff_ticket_inbox.filter_search)) > 0)
	order by coalesce(w.since, m.created_at, t.created_at), t.id
	limit least(greatest(staff_ticket_inbox.page_size, 1), 200)
	offset greatest(staff_ticket_inbox.page_offset, 0);
$$;

comment on function public.staff_ticket_inbox(text[], text, text, uuid, integer, integer) is
	'Service role only: open and answered tickets, the one waiting longest first, with their customer.';

-- ---------------------------------------------------------------------------------------------
-- One ticket as staff see it, any status: its messages oldest first, its customer, all the
-- customer's servers newest first, and who has taken it. Null for no such ticket.
-- ---------------------------------------------------------------------------------------------

create function public.staff_ticket(ticket uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select jsonb_build_object(
		'id', t.id,
		'subject', t.subject,
		'department', t.department,
		'status', t.status,
		'service_id', t.service_id,
		'created_at', t.created_at,
		'customer', jsonb_build_object(
			'id', t.user_id,
			'email', u.email,
			'first_name', coalesce(p.first_name, ''),
			'last_name', coalesce(p.last_name, ''),
			'company', coalesce(p.company, ''),
			'country', p.country,
			'locale', coalesce(p.preferred_locale, 'en'),
			'since', u.created_at
		),
		'assignee', case when a.ticket_id is null then null else jsonb_build_object(
			'id', a.staff_id, 'email', su.email, 'at', a.assigned_at) end,
		'messages', coalesce((
			select jsonb_agg(jsonb_build_object('id', x.id, 'author', x.author, 'body', x.body,
				'at', x.created_at) order by x.created_at, x.id)
			from public.ticket_messages x where x.ticket_id = t.id), '[]'::jsonb),
		'services', coalesce((
			select jsonb_agg(jsonb_build_object('id', s.id, 'product_type', s.product_type,
				'game', s.game, 'plan_id', s.plan_id, 'label', s.label, 'status', s.status)
				order by s.created_at desc, s.id)
			from public.services s where s.user_id = t.user_id), '[]'::jsonb)
	)
	from public.tickets t
	join auth.users u on u.id = t.user_id
	left join public.profiles p on p.id = t.user_id
	left join public.ticket_assignments a on a.ticket_id = t.id
	left join auth.users su on su.id = a.staff_id
	where t.id = staff_ticket.ticket;
$$;

comment on function public.staff_ticket(uuid) is
	'Service role only: one ticket with its messages, its customer and their servers, and its assignee.';

-- ---------------------------------------------------------------------------------------------
-- The writes. Each locks the ticket, changes it only when the value differs, and answers what
-- the audit log needs in the same call: the customer, and the value before and after. Null for
-- no such ticket. The department and status are checked by the table as well as by the console.
-- ---------------------------------------------------------------------------------------------

create function public.staff_set_ticket_department(ticket uuid, department text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	owner uuid;
	was text;
begin
	select t.user_id, t.department into owner, was from public.tickets t
		where t.id = staff_set_ticket_department.ticket
		for update;
	if owner is null then
		return null;
	end if;
	if was is distinct from staff_set_ticket_department.department then
		update public.tickets t set department = staff_set_ticket_department.department
			where t.id = staff_set_ticket_department.ticket;
	end if;
	return jsonb_build_object('customer', owner, 'before', was,
		'after', staff_set_ticket_department.department);
end;
$$;

comment on function public.staff_set_ticket_department(uuid, text) is
	'Service role only: moves a ticket to a department; answers its customer and the department before and after.';

create function public.staff_set_ticket_status(ticket uuid, status text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	owner uuid;
	was text;
begin
	select t.user_id, t.status into owner, was from public.tickets t
		where t.id = staff_set_ticket_status.ticket
		for update;
	if owner is null then
		return null;
	end if;
	if was is distinct from staff_set_ticket_status.status then
		update public.tickets t set status = staff_set_ticket_status.status
			where t.id = staff_set_ticket_status.ticket;
	end if;
	return jsonb_build_object('customer', owner, 'before', was, 'after', staff_set_ticket_status.status);
end;
$$;

comment on function public.staff_set_ticket_status(uuid, text) is
	'Service role only: sets a ticket''s status; answers its customer and the status before and after.';

-- Whoever had it before (their address, for the log) is replaced: taking a ticket takes it over.
create function public.staff_take_ticket(ticket uuid, staff uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	owner uuid;
	had uuid;
begin
	select t.user_id into owner from public.tickets t
		where t.id = staff_take_ticket.ticket
		for update;
	if owner is null then
		return null;
	end if;
	select a.staff_id into had from public.ticket_assignments a
		where a.ticket_id = staff_take_ticket.ticket;
	if had is distinct from staff_take_ticket.staff then
		insert into public.ticket_assignments (ticket_id, staff_id)
			values (staff_take_ticket.ticket, staff_take_ticket.staff)
			on conflict (ticket_id) do update set staff_id = excluded.staff_id, assigned_at = now();
	end if;
	return jsonb_build_object(
		'customer', owner,
		'before', case when had is null then null else jsonb_build_object(
			'id', had, 'email', (select u.email from auth.users u where u.id = had)) end,
		'after', jsonb_build_object(
			'id', staff_take_ticket.staff,
			'email', (select u.email from auth.users u where u.id = staff_take_ticket.staff))
	);
end;
$$;

comment on function public.staff_take_ticket(uuid, uuid) is
	'Service role only: assigns a ticket to a member of staff; answers its customer and the assignee before and after.';

-- ---------------------------------------------------------------------------------------------
-- Who may call them: the service role only.
-- ---------------------------------------------------------------------------------------------

revoke execute on function public.staff_ticket_inbox(text[], text, text, uuid, integer, integer),
	public.staff_ticket(uuid), public.staff_set_ticket_department(uuid, text),
	public.staff_set_ticket_status(uuid, text), public.staff_take_ticket(uuid, uuid)
	from public, anon, authenticated;
grant execute on function public.staff_ticket_inbox(text[], text, text, uuid, integer, integer),
	public.staff_ticket(uuid), public.staff_set_ticket_department(uuid, text),
	public.staff_set_ticket_status(uuid, text), public.staff_take_ticket(uuid, uuid)
	to service_role;
