-- =============================================================================================
-- Two-factor sign-in (issue 30). A customer who has turned on an authenticator app (a verified
-- TOTP factor in auth.mfa_factors) signs in with a password first, which gives an `aal1` session,
-- and only a code raises it to `aal2`. Until then their own rows are out of reach: every table a
-- customer reads or writes gets a RESTRICTIVE policy (ANDed with the permissive "own rows" ones)
-- that asks for `aal2` from customers with a verified factor, and lets everyone else through
-- unchanged. The site refuses such a session too (src/server/auth/assurance.ts); this is the rule
-- that holds even if a page forgets. Policies do not bind security definer functions, so the
-- ones customers may call ask the same question themselves; the service role is the server's.
--
-- Recovery codes: Supabase Auth has none yet, so the site keeps its own, ten per customer, stored
-- only as SHA-256 hashes in a table nobody but the service role can touch.
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- Whether this request's session is as strong as its customer's account asks: aal2 once they have
-- a verified factor, any level otherwise. Security definer because customers cannot read
-- auth.mfa_factors; plpgsql so the body is resolved when called, not when created.
-- ---------------------------------------------------------------------------------------------

create or replace function private.session_meets_assurance()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
	return coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
		or not exists (
			select 1 from auth.mfa_factors f
			where f.user_id = auth.uid() and f.status::text = 'verified'
		);
end;
$$;

comment on function private.session_meets_assurance() is
	'True unless the caller has a verified MFA factor and this session is not aal2 (issue 30).';

-- Policies run as the querying role, so customers need to reach this one function (only it).
grant usage on schema private to authenticated;
revoke execute on function private.session_meets_assurance() from public, anon;
grant execute on function private.session_meets_assurance() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The rule on every table with a customer policy. `for all`: reads, and the writes customers may
-- make (profiles, tickets, messages), alike. The select wrapper makes it one call per statement.
-- ---------------------------------------------------------------------------------------------

do $$
declare
	t text;
begin
	foreach t in array array[
		'profiles', 'services', 'service_activity', 'service_pauses', 'service_upgrades',
		'orders', 'invoices', 'invoice_items', 'transactions', 'credit_notes', 'payment_bundles',
		'payment_methods', 'tickets', 'ticket_messages', 'affiliates', 'commissions',
		'affiliate_payouts', 'vps_machines', 'vps_addresses'
	] loop
		execute format(
			'create policy "Two-factor customers need an aal2 session" on public.%I
				as restrictive for all to authenticated
				using ((select private.session_meets_assurance()))
				with check ((select private.session_meets_assurance()))',
			t
		);
	end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The customer-callable security definer functions run past row-level security, so each asks the
-- same question itself. Replaced whole (supabase/migrations/README.md); only the guard is new.
-- Their grants and comments stay as they were (create or replace keeps them).
-- ---------------------------------------------------------------------------------------------

create or replace function public.affiliate_overview()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
	me uuid := auth.uid();
	mine public.affiliates;
	paying integer;
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	select * into mine from public.affiliates a where a.user_id = me;
	if mine.user_id is null then
		return null;
	end if;
	paying := private.affiliate_paying_customers(me);
	return jsonb_build_object(
		'code', mine.code,
		'joinedAt', mine.created_at,
		'visits', (select count(*) from private.referral_visits v where v.affiliate_id = me),
		'signUps', (select count(*) from public.referrals r where r.affiliate_id = me),
		'payingCustomers', paying,
		'tiers', (select jsonb_agg(jsonb_build_object('percent', t.percent, 'minCustomers', t.min_customers)
			order by t.min_customers) from private.affiliate_tiers t),
		'holdDays', (select s.hold_days from private.affiliate_settings s where s.id = 1),
		'balances', coalesce((select jsonb_agg(b order by b ->> 'currency') from (
			select jsonb_build_object(
				'currency', c.currency,
				'pending', coalesce(sum(c.amount) filter (where c.cancelled_at is null and c.available_at > now()), 0),
				'available', coalesce(sum(c.amount) filter (where c.cancelled_at is null and c.available_at <= now() and c.payout_id is null), 0),
				'paidOut', coalesce(sum(c.amount) filter (where c.payout_id is not null
					and exists (select 1 from public.affiliate_payouts p where p.id = c.payout_id and p.status = 'paid')), 0),
				'minimumPayout', (select m.amount from private.affiliate_payout_minimums m where m.currency = c.currency)
			) as b
			from public.commissions c where c.affiliate_id = me group by c.currency) balances), '[]'::jsonb)
	);
end;
$$;

create or replace function public.join_affiliate_programme()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
	me uuid := auth.uid();
	made text;
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	if me is null then
		raise exception 'not signed in' using errcode = '42501';
	end if;
	select a.code into made from public.affiliates a where a.user_id = me;
	if made is not null then
		return made;
	end if;
	loop
		-- 8 characters of an alphabet without look-alikes (0/O, 1/I): about 10^12 codes.
		made := (select string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + floor(random() * 32)::int, 1), '')
			from generate_series(1, 8));
		begin
			insert into public.affiliates (user_id, code, terms_accepted_at) values (me, made, now());
			return made;
		exception when unique_violation then
			select a.code into made from public.affiliates a where a.user_id = me;
			if made is not null then
				return made; -- joined twice at once: the first code stands
			end if;
		end;
	end loop;
end;
$$;

create or replace function public.request_affiliate_payout(currency text, details text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
	me uuid := auth.uid();
	total bigint;
	least_amount bigint;
	made uuid;
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	if me is null or not exists (select 1 from public.affiliates a where a.user_id = me) then
		raise exception 'not an affiliate' using errcode = '42501';
	end if;
	if length(coalesce(trim(details), '')) not between 5 and 500 then
		raise exception 'payout details missing' using errcode = '22023', hint = 'details';
	end if;
	-- One payout request at a time per affiliate: two clicks cannot claim the same balance twice.
	perform pg_advisory_xact_lock(hashtextextended('affiliate-payout:' || me::text, 0));
	select coalesce(sum(c.amount), 0) into total from public.commissions c
		where c.affiliate_id = me and c.currency = upper(request_affiliate_payout.currency)
		and c.cancelled_at is null and c.available_at <= now() and c.payout_id is null;
	select m.amount into least_amount from private.affiliate_payout_minimums m
		where m.currency = upper(request_affiliate_payout.currency);
	if least_amount is null or total < least_amount then
		raise exception 'below the payout minimum' using errcode = '22023', hint = 'minimum';
	end if;
	insert into public.affiliate_payouts (affiliate_id, currency, amount, details)
		values (me, upper(request_affiliate_payout.currency), total, trim(details))
		returning id into made;
	update public.commissions c set payout_id = made
		where c.affiliate_id = me and c.currency = upper(request_affiliate_payout.currency)
		and c.cancelled_at is null and c.available_at <= now() and c.payout_id is null;
	return made;
end;
$$;

create or replace function public.request_cancellation(service_id uuid, reason text)
returns public.services
language plpgsql
security definer
set search_path = ''
as $$
declare
	service public.services;
	clean_reason text := btrim(coalesce(reason, ''));
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	if clean_reason = '' then
		raise exception 'reason_required' using errcode = 'P0001', hint = 'A reason is required.';
	end if;
	select * into service from public.services s
		where s.id = request_cancellation.service_id and s.user_id = (select auth.uid())
		for update;
	if not found then
		raise exception 'service_not_found' using errcode = 'P0001';
	end if;
	if service.cancel_at_period_end then
		return service; -- already requested: asking again changes nothing
	end if;
	if service.status not in ('active', 'suspended') then
		raise exception 'service_not_active' using errcode = 'P0001';
	end if;
	update public.services s
		set cancel_at_period_end = true,
			cancellation_reason = left(clean_reason, 2000),
			cancellation_requested_at = now()
		where s.id = service.id
		returning * into service;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (service.id, service.user_id, 'cancellation_requested',
			jsonb_build_object('ends_at', service.current_period_end));
	return service;
end;
$$;

create or replace function public.keep_service(service_id uuid)
returns public.services
language plpgsql
security definer
set search_path = ''
as $$
declare
	service public.services;
begin
	-- Two-factor customers only from an aal2 session (policies do not bind a definer function).
	if not private.session_meets_assurance() then
		raise exception 'two-factor sign-in incomplete' using errcode = '42501';
	end if;
	select * into service from public.services s
		where s.id = keep_service.service_id and s.user_id = (select auth.uid())
		for update;
	if not found then
		raise exception 'service_not_found' using errcode = 'P0001';
	end if;
	if not service.cancel_at_period_end then
		return service; -- nothing pending: keeping it again changes nothing
	end if;
	if service.status not in ('active', 'suspended') then
		raise exception 'service_not_active' using errcode = 'P0001';
	end if;
	update public.services s
		set cancel_at_period_end = false, cancellation_reason = null, cancellation_requested_at = null
		where s.id = service.id
		returning * into service;
	insert into public.service_activity (service_id, user_id, event)
		values (service.id, service.user_id, 'kept');
	return service;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Recovery codes: one row per unused code. Using a code deletes its row, so it works once; a new
-- set deletes the old. No policy and no grants: only the service role (the site's server) reads it.
-- ---------------------------------------------------------------------------------------------

create table public.mfa_recovery_codes (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
	created_at timestamptz not null default now(),
	unique (user_id, code_hash)
);

comment on table public.mfa_recovery_codes is
	'Unused two-factor recovery codes, as SHA-256 hex of the normalised code (issue 30).';

alter table public.mfa_recovery_codes enable row level security;
revoke all on public.mfa_recovery_codes from public, anon, authenticated;

create or replace function public.replace_recovery_codes(p_user uuid, p_hashes text[])
returns void
language sql
security definer
set search_path = ''
as $$
	delete from public.mfa_recovery_codes where user_id = p_user;
	insert into public.mfa_recovery_codes (user_id, code_hash)
	select p_user, h from unnest(p_hashes) as h;
$$;

comment on function public.replace_recovery_codes(uuid, text[]) is
	'A customer''s new set of recovery code hashes, in place of the old set, in one transaction.';

create or replace function public.use_recovery_code(p_user uuid, p_hash text)
returns boolean
language sql
security definer
set search_path = ''
as $$
	with used as (
		delete from public.mfa_recovery_codes where user_id = p_user and code_hash = p_hash
		returning 1
	)
	select exists (select 1 from used);
$$;

comment on function public.use_recovery_code(uuid, text) is
	'Consumes one recovery code: true the first time a code of this customer''s is used, then false.';

revoke execute on function public.replace_recovery_codes(uuid, text[]) from public, anon, authenticated;
revoke execute on function public.use_recovery_code(uuid, text) from public, anon, authenticated;
grant execute on function public.replace_recovery_codes(uuid, text[]) to service_role;
grant execute on function public.use_recovery_code(uuid, text) to service_role;
