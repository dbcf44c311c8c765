-- Affiliate tiers count only invoices that took money (issue 26 item 8). Ten referred accounts
-- whose only orders were paid in full by a 100 % code lifted the next real referral from 5 % to
-- 10 %: the tier counted every referred customer with a `paid` invoice, whatever its total. Now
-- one function says who is a paying customer, for the commission trigger and the overview alike:
-- a referred customer with a paid invoice of a total above zero (a refunded invoice is no longer
-- `paid`, so it does not count). A free invoice earns no commission line either.

create or replace function private.affiliate_paying_customers(affiliate uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
	select count(*)::integer from public.referrals r
	where r.affiliate_id = affiliate_paying_customers.affiliate
		and exists (select 1 from public.invoices i where i.user_id = r.referred_user_id
			and i.status = 'paid' and i.total > 0);
$$;

revoke execute on function private.affiliate_paying_customers(uuid) from public, anon, authenticated;

create or replace function private.commission_on_invoice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
	referral public.referrals;
	settings private.affiliate_settings;
	paying integer;
	tier_percent integer;
	earned public.commissions;
begin
	select * into referral from public.referrals r where r.referred_user_id = new.user_id;
	if referral.affiliate_id is null then
		return new;
	end if;
	select * into settings from private.affiliate_settings where id = 1;
	if new.status = 'paid' and old.status is distinct from 'paid' then
		-- An invoice that took no money (a 100 % code) earns nothing, not even a line of zero.
		if new.total <= 0 then
			return new;
		end if;
		if coalesce(new.paid_at, now()) > referral.created_at + make_interval(months => settings.commission_months) then
			return new;
		end if;
		-- The tier counts referred customers who paid money, this invoice included.
		paying := private.affiliate_paying_customers(referral.affiliate_id);
		select max(t.percent) into tier_percent from private.affiliate_tiers t where t.min_customers <= paying;
		if tier_percent is null then
			return new;
		end if;
		insert into public.commissions (affiliate_id, referral_label, invoice_id, kind, amount, currency,
			percent, invoice_month, available_at)
		values (referral.affiliate_id, referral.label, new.id, 'earned',
			-- Half up, in minor units: integer arithmetic, never a float.
			((new.subtotal - new.discount) * tier_percent + 50) / 100,
			new.currency, tier_percent, date_trunc('month', coalesce(new.paid_at, now()))::date,
			coalesce(new.paid_at, now()) + make_interval(days => settings.hold_days))
		on conflict (invoice_id, kind) do nothing;
	elsif new.status = 'refunded' and old.status = 'paid' then
		select * into earned from public.commissions c
			where c.invoice_id = new.id and c.kind = 'earned' and c.cancelled_at is null;
		if earned.id is null then
			return new;
		end if;
		if now() < earned.available_at then
			update public.commissions set cancelled_at = now() where id = earned.id;
		else
			insert into public.commissions (affiliate_id, referral_label, invoice_id, kind, amount,
				currency, percent, invoice_month, available_at)
			values (earned.affiliate_id, earned.referral_label, new.id, 'reversal', -earned.amount,
				earned.currency, earned.percent, date_trunc('month', now())::date, now())
			on conflict (invoice_id, kind) do nothing;
		end if;
	end if;
	return new;
end;
$$;

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
