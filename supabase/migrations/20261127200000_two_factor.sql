-- =============================================================================================
-- Two-factor sign-in (issue 30). A customer who has turned on an authenticator app (a verified
-- TOTP factor in auth.mfa_factors) signs in with a password first, which gives an `aal1` session,
-- and only a code raises it to `aal2`. Until then their own rows are out of reach: every table a
-- customer reads or writes gets a RESTRICTIVE policy (ANDed with the permissive "own rows" ones)
-- that asks for `aal2` from customers with a verified factor, and lets everyone else through
-- unchanged. The site refuses such a session too (src/server/auth/assurance.ts); this is the rule
-- that holds even if a page forgets. Security definer functions and the service role are not
-- covered by policies: the site calls those only for a caller it has already checked.
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
