-- =============================================================================================
-- One rule for a customer's request, in the tables and in the functions alike (issue 38).
--
-- 1. A live session. An access token is a signed JWT that stays valid until it expires (an hour);
--    signing out deletes its session's row in auth.sessions, and until now the database went on
--    reading through the token anyway. private.session_meets_assurance(), which every table's
--    restrictive two-factor policy and every customer-callable security definer function already
--    ask (20261127200000_two_factor.sql), now also asks that the token's session_id names a live
--    session of the token's user. Signing out (any scope, the admin API, end_my_session, a
--    password change) therefore ends the token's reads and writes at once. Only requests made as
--    `authenticated` are judged: the service role and anon have no session, and their grants
--    decide for them as before.
-- 2. reply_to_ticket and reopen_ticket are security definer (the policies let customers set a
--    ticket's status only to closed), so row-level security did not bind them and a password-only
--    session of a two-factor customer could write to their tickets. They ask the rule first now,
--    as the other definer functions customers may call do.
-- =============================================================================================

create or replace function private.session_meets_assurance()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
	claims jsonb := coalesce(auth.jwt(), '{}'::jsonb);
	me uuid := auth.uid();
	sid text := claims ->> 'session_id';
begin
	if coalesce(claims ->> 'role', '') <> 'authenticated' then
		return true;
	end if;
	-- Auth signs every session's token with its id; a token without one (or with a malformed one)
	-- names no session, and is refused rather than cast into an error.
	if me is null or sid is null
		or sid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
		return false;
	end if;
	if not exists (
		select 1 from auth.sessions s
		where s.id = sid::uuid and s.user_id = me
			and (s.not_after is null or s.not_after > now())
	) then
		return false;
	end if;
	return coalesce(claims ->> 'aal', '') = 'aal2'
		or not exists (
			select 1 from auth.mfa_factors f
			where f.user_id = me and f.status::text = 'verified'
		);
end;
$$;

comment on function private.session_meets_assurance() is
	'True for an authenticated request whose token names a live session of its user and, once the '
	'user has a verified MFA factor, is aal2; true for other roles (issues 30 and 38).';

-- ---------------------------------------------------------------------------------------------
-- The ticket functions, replaced whole (supabase/migrations/README.md); only the guard is new.
-- Their grants and comments stay as they were (create or replace keeps them).
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
	-- A live session, aal2 for two-factor customers (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
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
	-- A live session, aal2 for two-factor customers (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
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
