-- =============================================================================================
-- The staff console's customers and affiliate payouts (issue 32).
--
-- E-mail addresses live in auth.users, which the API does not serve. One customer's address is read
-- as the product has always read it (auth.admin.getUserById); a search result lists up to 50
-- customers, and a search by address needs a pattern match, so two functions read auth.users for
-- the console: the addresses of a list of customers, and the customers whose address contains a
-- term. The term is matched literally: `%`, `_` and `\` in it are escaped here, never wildcards.
--
-- A customer's affiliate standing is the overview they see themselves (affiliate_overview), for
-- any customer: its body moves into private.affiliate_overview_of(affiliate), which the customer's
-- function (as auth.uid(), two-factor guard unchanged) and the console's (service role only) both
-- call, so the figures staff see are the customer's own by construction.
--
-- Payouts are settled by settle_affiliate_payout (20261126110000_affiliate_programme.sql), as
-- `npm run affiliate:payout` settles them; nothing here changes it. The console calls it through
-- staff_settle_affiliate_payout, which locks the payout first and says whether this call settled
-- it: settle_affiliate_payout answers a payout's status whether it changed it or found it so, and
-- two members of staff pressing Paid at once must not both be told they paid it (nor both audited).
-- =============================================================================================

create function public.staff_customer_emails(ids uuid[])
returns table (id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
	select u.id, u.email::text from auth.users u where u.id = any (staff_customer_emails.ids);
$$;

comment on function public.staff_customer_emails(uuid[]) is
	'The e-mail address of each customer named (the staff console''s lists); service role only.';

create function public.staff_customers_by_email(term text, max_rows integer default 50)
returns table (id uuid, email text)
language sql
stable
security definer
set search_path = ''
as $$
	select u.id, u.email::text from auth.users u
	where u.email ilike '%' || replace(replace(replace(left(trim(staff_customers_by_email.term), 200),
		'\', '\\'), '%', '\%'), '_', '\_') || '%' escape '\'
	order by u.email
	limit least(greatest(staff_customers_by_email.max_rows, 0), 50);
$$;

comment on function public.staff_customers_by_email(text, integer) is
	'Customers whose e-mail address contains the term, matched literally (at most 50); service role only.';

revoke execute on function public.staff_customer_emails(uuid[]) from public, anon, authenticated;
revoke execute on function public.staff_customers_by_email(text, integer) from public, anon, authenticated;
grant execute on function public.staff_customer_emails(uuid[]) to service_role;
grant execute on function public.staff_customers_by_email(text, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- One affiliate overview, for the customer and for staff
-- ---------------------------------------------------------------------------------------------

create function private.affiliate_overview_of(affiliate uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
	mine public.affiliates;
	paying integer;
begin
	select * into mine from public.affiliates a where a.user_id = affiliate_overview_of.affiliate;
	if mine.user_id is null then
		return null;
	end if;
	paying := private.affiliate_paying_customers(mine.user_id);
	return jsonb_build_object(
		'code', mine.code,
		'joinedAt', mine.created_at,
		'visits', (select count(*) from private.referral_visits v where v.affiliate_id = mine.user_id),
		'signUps', (select count(*) from public.referrals r where r.affiliate_id = mine.user_id),
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
			from public.commissions c where c.affiliate_id = mine.user_id group by c.currency) balances), '[]'::jsonb)
	);
end;
$$;

comment on function private.affiliate_overview_of(uuid) is
	'An affiliate''s figures and balances (null when not joined): affiliate_overview and staff_affiliate_overview.';

revoke execute on function private.affiliate_overview_of(uuid) from public, anon, authenticated;

-- The customer's own, as before: only the body moved (the grants stay, create or replace keeps them).
create or replace function public.affiliate_overview()
returns jsonb
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
	return private.affiliate_overview_of(auth.uid());
end;
$$;

create function public.staff_affiliate_overview(customer uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select private.affiliate_overview_of(staff_affiliate_overview.customer);
$$;

comment on function public.staff_affiliate_overview(uuid) is
	'A customer''s affiliate overview as they see it (the staff console); service role only.';

revoke execute on function public.staff_affiliate_overview(uuid) from public, anon, authenticated;
grant execute on function public.staff_affiliate_overview(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Settling a payout from the console
-- ---------------------------------------------------------------------------------------------

create function public.staff_settle_affiliate_payout(payout uuid, outcome text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
	target public.affiliate_payouts;
	settled text;
begin
	-- The lock makes a second caller wait for the first, then find the payout settled.
	select * into target from public.affiliate_payouts p
		where p.id = staff_settle_affiliate_payout.payout for update;
	if target.id is null then
		return jsonb_build_object('result', 'not_found');
	end if;
	if target.status <> 'requested' then
		return jsonb_build_object('result', 'already_settled', 'status', target.status);
	end if;
	settled := public.settle_affiliate_payout(target.id, staff_settle_affiliate_payout.outcome);
	return jsonb_build_object('result', 'settled', 'status', settled,
		'affiliateId', target.affiliate_id, 'amount', target.amount, 'currency', target.currency);
end;
$$;

comment on function public.staff_settle_affiliate_payout(uuid, text) is
	'settle_affiliate_payout for the staff console, saying whether this call settled the payout; service role only.';

revoke execute on function public.staff_settle_affiliate_payout(uuid, text) from public, anon, authenticated;
grant execute on function public.staff_settle_affiliate_payout(uuid, text) to service_role;
