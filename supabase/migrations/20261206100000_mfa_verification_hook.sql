-- =============================================================================================
-- Two-factor codes at the auth service itself (issue 38). The site pauses after 5 wrong codes,
-- but anyone holding a customer's password (an aal1 session) can post codes to Auth's
-- /factors/{id}/verify directly, and GoTrue limits those only per client address and remembers no
-- used code. This is Auth's "MFA verification attempt" hook: GoTrue calls it on every verify whose
-- challenge passed, with `valid` (whether the code was right), before it upgrades the session.
--
--   - Wrong codes count per factor, whatever the address: after 5 in 15 minutes every attempt is
--     refused (429) until the oldest of them is 15 minutes old, the right code included.
--   - A code's time step works once per factor. The embedded local stack tells the hook which step
--     the code matched (`time_step`); hosted GoTrue does not, so there a right code is refused when
--     the factor accepted one within the last three steps (90 s): every replay falls in that span.
--
-- supabase/config.toml turns it on for `supabase start` and the embedded stack; the hosted project
-- turns it on under Authentication → Auth Hooks (docs/security.md, "Two-factor codes at the auth
-- service"). Only supabase_auth_admin, the role Auth runs as, may call it.
-- =============================================================================================

create table private.mfa_verification_attempts (
	id bigint generated always as identity primary key,
	-- No foreign key to auth.mfa_factors: Auth's tables are its own. Rows go once 15 minutes old.
	factor_id uuid not null,
	valid boolean not null,
	-- The 30-second step the code matched (unix time / 30), when Auth says which.
	time_step bigint,
	attempted_at timestamptz not null default now()
);

create index mfa_verification_attempts_factor on private.mfa_verification_attempts (factor_id, attempted_at);
create index mfa_verification_attempts_age on private.mfa_verification_attempts (attempted_at);

revoke all on private.mfa_verification_attempts from public, anon, authenticated, service_role;

comment on table private.mfa_verification_attempts is
	'Verify attempts per MFA factor over the last 15 minutes, for hook_mfa_verification_attempt (issue 38).';

-- ---------------------------------------------------------------------------------------------
-- The hook. Input (GoTrue's): factor_id, user_id, factor_type, valid, and from the embedded stack
-- time_step. Output: {"decision": "continue"}, or {"error": {http_code, message}} which Auth
-- answers with that status and message. GoTrue labels such an error `unknown`; `error_code` and
-- `retry_after_seconds` are read by the embedded stack only (its 429 over_request_rate_limit with
-- Retry-After). Never `decision: reject`: Auth would sign the customer out everywhere, which would
-- hand anyone with the password a way to end the customer's sessions.
-- ---------------------------------------------------------------------------------------------

create function public.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	factor uuid := (event ->> 'factor_id')::uuid;
	step bigint := (event ->> 'time_step')::bigint;
	right_code boolean := coalesce((event ->> 'valid')::boolean, false);
	window_length constant interval := interval '15 minutes';
	fifth_wrong timestamptz;
	replayed boolean;
begin
	-- One verification of a factor at a time: two posts of one code cannot both pass.
	perform pg_advisory_xact_lock(hashtextextended('mfa_verification_attempt:' || factor::text, 0));
	-- Nothing older than the window is ever read: every factor's old rows go, deleted factors' too.
	delete from private.mfa_verification_attempts where attempted_at < now() - window_length;

	select attempted_at into fifth_wrong
	from private.mfa_verification_attempts
	where factor_id = factor and not valid
	order by attempted_at desc
	offset 4 limit 1;
	if fifth_wrong is not null then
		return jsonb_build_object('error', jsonb_build_object(
			'http_code', 429,
			'error_code', 'over_request_rate_limit',
			'message', 'Too many wrong codes for this factor; try again later',
			'retry_after_seconds',
			greatest(1, ceil(extract(epoch from fifth_wrong + window_length - now())))::int
		));
	end if;

	select exists (
		select 1 from private.mfa_verification_attempts a
		where a.factor_id = factor and a.valid
			and case
				when step is null then
					floor(extract(epoch from now()) / 30) - floor(extract(epoch from a.attempted_at) / 30) <= 2
				else a.time_step = step
			end
	) into replayed;

	insert into private.mfa_verification_attempts (factor_id, valid, time_step)
	values (factor, right_code and not replayed, step);
	if right_code and replayed then
		return jsonb_build_object('error', jsonb_build_object(
			'http_code', 422,
			'error_code', 'mfa_verification_failed',
			'message', 'Invalid TOTP code entered'
		));
	end if;
	return jsonb_build_object('decision', 'continue');
end;
$$;

comment on function public.hook_mfa_verification_attempt(jsonb) is
	'Auth''s MFA verification attempt hook: 5 wrong codes per factor in 15 minutes, each code step once (issue 38).';

revoke execute on function public.hook_mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
