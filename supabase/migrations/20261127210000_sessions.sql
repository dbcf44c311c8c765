-- Account security, part sessions and Google sign-in (issue 30).
--
-- 1. The customer's own sign-in sessions. auth.sessions is not exposed through the API; these two
--    security definer functions read and end only the caller's rows (auth.uid()), nothing else.
--    Ending a session deletes its row, and with it (on delete cascade) its refresh tokens, exactly
--    what Auth's own sign-out does: its access token is refused by Auth at once. Like the
--    customer's own rows, they need a complete (aal2) session once the customer has a second
--    factor (private.session_meets_assurance, 20261127200000_two_factor.sql).
-- 2. A customer who signs up through Google arrives with Google's claims as metadata, not the
--    sign-up form's: complete_external_sign_up gives such a new account what a password sign-up
--    gets from its metadata at insert (profile names, language, the referral code's attribution).

create or replace function public.my_sessions()
returns table (id uuid, user_agent text, ip text, created_at timestamptz, last_used_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	return query
		select s.id, coalesce(s.user_agent, ''), coalesce(host(s.ip), ''), s.created_at,
			greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC')
		from auth.sessions s
		where s.user_id = auth.uid() and (s.not_after is null or s.not_after > now())
		order by 5 desc, 1;
end;
$$;

comment on function public.my_sessions() is
	'The caller''s own sign-in sessions (device, address, last use), newest use first.';

create or replace function public.end_my_session(session_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	delete from auth.sessions s where s.id = end_my_session.session_id and s.user_id = auth.uid();
	return found;
end;
$$;

comment on function public.end_my_session(uuid) is
	'Signs one of the caller''s own sessions out (its refresh tokens go with it); false if none.';

-- The referral rule of private.attribute_referral, for any account and code: the trigger and the
-- external sign-up share it.
create or replace function private.refer_account(account uuid, account_email text, code text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
	wanted text := upper(coalesce(code, ''));
	affiliate public.affiliates;
	affiliate_email text;
begin
	if wanted !~ '^[A-Z0-9]{8}$' then
		return;
	end if;
	select * into affiliate from public.affiliates a where a.code = wanted for update;
	if affiliate.user_id is null or affiliate.user_id = account then
		return;
	end if;
	select u.email into affiliate_email from auth.users u where u.id = affiliate.user_id;
	if private.same_mailbox(affiliate_email, coalesce(account_email, '')) then
		return;
	end if;
	insert into public.referrals (referred_user_id, affiliate_id, label)
		select account, affiliate.user_id, coalesce(max(r.label), 0) + 1
		from public.referrals r where r.affiliate_id = affiliate.user_id
	on conflict (referred_user_id) do nothing;
end;
$$;

create or replace function private.attribute_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
	perform private.refer_account(new.id, new.email, new.raw_user_meta_data ->> 'referral_code');
	return new;
end;
$$;

-- Only for an account made through an external provider (no e-mail identity) in the last hour whose
-- profile still has no name: after that, names and language are the customer's to edit, and the
-- referral is what it is. Returns whether it completed anything.
create or replace function public.complete_external_sign_up(
	first_name text,
	last_name text,
	locale text,
	referral_code text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
	account auth.users;
begin
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	select * into account from auth.users u
	where u.id = auth.uid() and u.created_at > now() - interval '1 hour'
		and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email');
	if account.id is null then
		return false;
	end if;
	update public.profiles p set
		first_name = left(coalesce(complete_external_sign_up.first_name, ''), 100),
		last_name = left(coalesce(complete_external_sign_up.last_name, ''), 100),
		preferred_locale = case when complete_external_sign_up.locale in ('en', 'no', 'da', 'de')
			then complete_external_sign_up.locale else p.preferred_locale end
	where p.id = account.id and p.first_name = '' and p.last_name = '';
	if not found then
		return false;
	end if;
	perform private.refer_account(account.id, account.email, complete_external_sign_up.referral_code);
	return true;
end;
$$;

comment on function public.complete_external_sign_up(text, text, text, text) is
	'A new Google customer''s profile names, language and referral, once, within its first hour.';

revoke execute on function public.my_sessions() from public, anon;
revoke execute on function public.end_my_session(uuid) from public, anon;
revoke execute on function public.complete_external_sign_up(text, text, text, text) from public, anon;
revoke execute on function private.refer_account(uuid, text, text) from public, anon, authenticated;
grant execute on function public.my_sessions() to authenticated;
grant execute on function public.end_my_session(uuid) to authenticated;
grant execute on function public.complete_external_sign_up(text, text, text, text) to authenticated;
