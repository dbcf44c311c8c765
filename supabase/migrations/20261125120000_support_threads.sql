-- =============================================================================================
-- Support threads in the panel: the customer's list with the time of the last reply in one
-- query, replies (a reply to a closed ticket reopens it), reopening, and staff replies from the
-- operator's script. Customers act as themselves: the functions they may call find the ticket
-- through auth.uid() and only ever write author = 'customer'. Staff replies are the service
-- role's alone, and direct inserts stay bound by the policies of 20261121120600_support.sql.
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- The list: every ticket of the caller with its service and when the last message came, newest
-- activity first. Security invoker, and the caller named in each query as the policies say, so
-- the planner walks tickets_user_id_idx and ticket_messages_ticket_idx instead of every row.
-- ---------------------------------------------------------------------------------------------

create or replace function public.tickets_overview()
returns table (id uuid, subject text, department text, status text, service_id uuid,
	service_type text, service_game text, service_plan text, service_label text,
	created_at timestamptz, last_reply_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
	select t.id, t.subject, t.department, t.status, t.service_id,
		s.product_type, s.game, s.plan_id, s.label,
		t.created_at, coalesce(m.last_at, t.created_at)
	from public.tickets t
	left join public.services s on s.id = t.service_id
	left join lateral (
		select max(x.created_at) as last_at from public.ticket_messages x
		where x.ticket_id = t.id and x.user_id = (select auth.uid())
	) m on true
	where t.user_id = (select auth.uid())
	order by coalesce(m.last_at, t.created_at) desc, t.id;
$$;

comment on function public.tickets_overview() is
	'The caller''s tickets with their service and the time of the last message, newest first.';

-- ---------------------------------------------------------------------------------------------
-- A customer's reply: the ticket waits for us again, whatever it was (a closed one reopens).
-- Definer, because the policies let a customer set a ticket's status only to closed; the owner
-- check is the caller's auth.uid(), so another customer's ticket is simply not found.
-- ---------------------------------------------------------------------------------------------

create or replace function public.reply_to_ticket(ticket uuid, message text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
	caller uuid := (select auth.uid());
	was text;
begin
	-- Locked, so a staff reply arriving at the same moment leaves the status of the later one.
	select t.status into was from public.tickets t
		where t.id = reply_to_ticket.ticket and t.user_id = caller
		for update;
	if not found then
		return 'not_found';
	end if;
	insert into public.ticket_messages (ticket_id, user_id, author, body)
		values (reply_to_ticket.ticket, caller, 'customer', btrim(message));
	-- Also when it was open already: updated_at (the touch trigger) records the activity.
	update public.tickets t set status = 'open' where t.id = reply_to_ticket.ticket;
	return case when was = 'closed' then 'reopened' else 'sent' end;
end;
$$;

comment on function public.reply_to_ticket(uuid, text) is
	'A customer''s reply in their own ticket (author customer); the ticket becomes open again.';

create or replace function public.reopen_ticket(ticket uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
	caller uuid := (select auth.uid());
	now_status text;
begin
	update public.tickets t set status = 'open'
		where t.id = reopen_ticket.ticket and t.user_id = caller and t.status = 'closed'
		returning t.status into now_status;
	if now_status is null then
		-- Not closed (a second click): unchanged. Not the caller's: not found, as for no ticket.
		select t.status into now_status from public.tickets t
			where t.id = reopen_ticket.ticket and t.user_id = caller;
	end if;
	return coalesce(now_status, 'not_found');
end;
$$;

comment on function public.reopen_ticket(uuid) is
	'Reopens the caller''s closed ticket; answers its status, or not_found.';

-- ---------------------------------------------------------------------------------------------
-- A staff reply (npm run support:reply): recorded as staff, the ticket waits for the customer,
-- and what the mail to the customer needs comes back in the same call.
-- ---------------------------------------------------------------------------------------------

create or replace function public.staff_reply(ticket uuid, message text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	owner uuid;
	topic text;
begin
	update public.tickets t set status = 'answered'
		where t.id = staff_reply.ticket
		returning t.user_id, t.subject into owner, topic;
	if owner is null then
		return null;
	end if;
	insert into public.ticket_messages (ticket_id, user_id, author, body)
		values (staff_reply.ticket, owner, 'staff', btrim(message));
	return jsonb_build_object(
		'ticket', staff_reply.ticket,
		'subject', topic,
		'email', (select u.email from auth.users u where u.id = owner),
		'locale', (select p.preferred_locale from public.profiles p where p.id = owner)
	);
end;
$$;

comment on function public.staff_reply(uuid, text) is
	'Service role only: a staff message in a ticket, which becomes answered; returns the mail''s facts.';

-- ---------------------------------------------------------------------------------------------
-- Who may call them
-- ---------------------------------------------------------------------------------------------

revoke execute on function public.tickets_overview(), public.reply_to_ticket(uuid, text),
	public.reopen_ticket(uuid), public.staff_reply(uuid, text) from public, anon, authenticated;
grant execute on function public.tickets_overview(), public.reply_to_ticket(uuid, text),
	public.reopen_ticket(uuid) to authenticated;
grant execute on function public.staff_reply(uuid, text) to service_role;
