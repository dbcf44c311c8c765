-- The affiliate programme: a customer joins and gets a code; a sign-up carrying that code (from
-- the referral cookie) becomes their referred customer; every paid invoice of a referred customer
-- earns them the tier's percentage of its amount net of VAT and discount, pending for a hold
-- period, then available to pay out. Everything is computed here, from invoices; the browser only
-- joins, and asks for a payout of what is available.

-- The programme's figures (src/lib/policy.ts holds the same; a test keeps them equal).
create table private.affiliate_settings (
	id integer primary key check (id = 1),
	hold_days integer not null check (hold_days >= 0),
	commission_months integer not null check (commission_months > 0)
);
insert into private.affiliate_settings values (1, 30, 12);

create table private.affiliate_tiers (
	percent integer primary key check (percent between 1 and 100),
	min_customers integer not null unique check (min_customers >= 1)
);
insert into private.affiliate_tiers values (5, 1), (10, 10), (15, 25);

-- Least available balance a payout may be asked for, per currency (minor units).
create table private.affiliate_payout_minimums (
	currency public.currency_code primary key,
	amount bigint not null check (amount > 0)
);
insert into private.affiliate_payout_minimums values
	('EUR', 2500), ('USD', 2500), ('NOK', 25000), ('DKK', 25000), ('SEK', 25000);

create table public.affiliates (
	user_id uuid primary key references auth.users (id) on delete cascade,
	code text not null unique check (code ~ '^[A-Z0-9]{8}$'),
	terms_accepted_at timestamptz not null,
	created_at timestamptz not null default now()
);

-- One row per referred customer. Only the service role reads it: an affiliate never learns who.
create table public.referrals (
	referred_user_id uuid primary key references auth.users (id) on delete cascade,
	affiliate_id uuid not null references public.affiliates (user_id) on delete cascade,
	-- "Customer 3": the affiliate's own numbering, the only name they see.
	label integer not null,
	created_at timestamptz not null default now(),
	unique (affiliate_id, label)
);
create index referrals_affiliate on public.referrals (affiliate_id);

create table private.referral_visits (
	affiliate_id uuid not null references public.affiliates (user_id) on delete cascade,
	at timestamptz not null default now()
);
create index referral_visits_affiliate on private.referral_visits (affiliate_id);

create table public.affiliate_payouts (
	id uuid primary key default gen_random_uuid(),
	affiliate_id uuid not null references public.affiliates (user_id) on delete cascade,
	currency public.currency_code not null,
	amount bigint not null check (amount > 0),
	details text not null check (length(details) between 5 and 500),
	status text not null default 'requested' check (status in ('requested', 'paid', 'rejected')),
	requested_at timestamptz not null default now(),
	settled_at timestamptz
);
create index affiliate_payouts_affiliate on public.affiliate_payouts (affiliate_id, requested_at desc);

create table public.commissions (
	id uuid primary key default gen_random_uuid(),
	affiliate_id uuid not null references public.affiliates (user_id) on delete cascade,
	referral_label integer not null,
	invoice_id uuid not null references public.invoices (id) on delete cascade,
	-- earned: on payment; reversal: a refund after the hold takes the commission back.
	kind text not null check (kind in ('earned', 'reversal')),
	amount bigint not null check ((kind = 'earned' and amount >= 0) or (kind = 'reversal' and amount <= 0)),
	currency public.currency_code not null,
	percent integer not null,
	invoice_month date not null,
	available_at timestamptz not null,
	-- A refund inside the hold cancels the commission instead.
	cancelled_at timestamptz,
	payout_id uuid references public.affiliate_payouts (id),
	created_at timestamptz not null default now(),
	unique (invoice_id, kind)
);
create index commissions_affiliate on public.commissions (affiliate_id, created_at desc);

alter table public.affiliates enable row level security;
alter table public.referrals enable row level security;
alter table public.affiliate_payouts enable row level security;
alter table public.commissions enable row level security;

create policy "affiliates see themselves" on public.affiliates
	for select to authenticated using (user_id = (select auth.uid()));
create policy "affiliates see their commissions" on public.commissions
	for select to authenticated using (affiliate_id = (select auth.uid()));
create policy "affiliates see their payouts" on public.affiliate_payouts
	for select to authenticated using (affiliate_id = (select auth.uid()));
-- referrals: no policy for customers at all.
revoke all on public.referrals from anon, authenticated;
revoke insert, update, delete on public.affiliates, public.commissions, public.affiliate_payouts
	from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Joining, visits, attribution
-- ---------------------------------------------------------------------------------------------

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

create or replace function public.record_referral_visit(code text)
returns boolean
language sql
security definer
set search_path = ''
as $$
	insert into private.referral_visits (affiliate_id)
		select a.user_id from public.affiliates a where a.code = upper(record_referral_visit.code)
		returning true;
$$;

-- Plus-tags and letter case do not make another person: a+x@example.com is a@example.com.
create or replace function private.same_mailbox(a text, b text)
returns boolean
language sql
immutable
set search_path = ''
as $$
	select regexp_replace(lower(a), '\+[^@]*@', '@') = regexp_replace(lower(b), '\+[^@]*@', '@');
$$;

-- A new account whose sign-up carried a referral code (user metadata `referral_code`) becomes
-- that affiliate's referred customer, unless it is the affiliate themselves by address.
create or replace function private.attribute_referral()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
	wanted text := upper(coalesce(new.raw_user_meta_data ->> 'referral_code', ''));
	affiliate public.affiliates;
	affiliate_email text;
begin
	if wanted !~ '^[A-Z0-9]{8}$' then
		return new;
	end if;
	select * into affiliate from public.affiliates a where a.code = wanted for update;
	if affiliate.user_id is null or affiliate.user_id = new.id then
		return new;
	end if;
	select u.email into affiliate_email from auth.users u where u.id = affiliate.user_id;
	if private.same_mailbox(affiliate_email, coalesce(new.email, '')) then
		return new;
	end if;
	insert into public.referrals (referred_user_id, affiliate_id, label)
		select new.id, affiliate.user_id, coalesce(max(r.label), 0) + 1
		from public.referrals r where r.affiliate_id = affiliate.user_id;
	return new;
end;
$$;

create trigger on_auth_user_referred after insert on auth.users
	for each row execute function private.attribute_referral();

-- ---------------------------------------------------------------------------------------------
-- Commission: earned when an invoice is paid, cancelled or reversed when it is refunded
-- ---------------------------------------------------------------------------------------------

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
		if coalesce(new.paid_at, now()) > referral.created_at + make_interval(months => settings.commission_months) then
			return new;
		end if;
		-- The tier counts referred customers with a paid invoice, this one included.
		select count(distinct r.referred_user_id) into paying
			from public.referrals r
			where r.affiliate_id = referral.affiliate_id
			and exists (select 1 from public.invoices i where i.user_id = r.referred_user_id and i.status = 'paid');
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

create trigger invoice_commission after update of status on public.invoices
	for each row execute function private.commission_on_invoice();

-- ---------------------------------------------------------------------------------------------
-- What an affiliate sees, and the payout they may ask for
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
	select * into mine from public.affiliates a where a.user_id = me;
	if mine.user_id is null then
		return null;
	end if;
	select count(distinct r.referred_user_id) into paying from public.referrals r
		where r.affiliate_id = me
		and exists (select 1 from public.invoices i where i.user_id = r.referred_user_id and i.status = 'paid');
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

-- Staff settle a request (scripts/affiliate-payout.ts): paid, or rejected, which returns its
-- commissions to the available balance.
create or replace function public.settle_affiliate_payout(payout uuid, outcome text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
	target public.affiliate_payouts;
begin
	if outcome not in ('paid', 'rejected') then
		raise exception 'outcome must be paid or rejected' using errcode = '22023';
	end if;
	select * into target from public.affiliate_payouts p where p.id = payout for update;
	if target.id is null then
		return 'not_found';
	end if;
	if target.status <> 'requested' then
		return target.status;
	end if;
	update public.affiliate_payouts set status = outcome, settled_at = now() where id = payout;
	if outcome = 'rejected' then
		update public.commissions set payout_id = null where payout_id = payout;
	end if;
	return outcome;
end;
$$;

revoke execute on function public.settle_affiliate_payout(uuid, text) from public, anon, authenticated;
grant execute on function public.settle_affiliate_payout(uuid, text) to service_role;
revoke execute on function public.join_affiliate_programme() from public, anon;
revoke execute on function public.affiliate_overview() from public, anon;
revoke execute on function public.request_affiliate_payout(text, text) from public, anon;
grant execute on function public.join_affiliate_programme() to authenticated;
grant execute on function public.affiliate_overview() to authenticated;
grant execute on function public.request_affiliate_payout(text, text) to authenticated;
revoke execute on function public.record_referral_visit(text) from public, anon, authenticated;
grant execute on function public.record_referral_visit(text) to service_role;
