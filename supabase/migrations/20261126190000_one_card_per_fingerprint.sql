-- =============================================================================================
-- One card, one saved entry (issue 27 item 4). Every checkout gives a card a new method id at
-- the gateway, so keyed on that id each payment saved the same card again. The gateway's
-- fingerprint names the card itself: a payment with a card already saved updates its entry (the
-- newest method id, which renewals charge, and the expiry) instead of adding one.
-- =============================================================================================

alter table public.payment_methods add column fingerprint text;

comment on column public.payment_methods.fingerprint is
	'The gateway''s name for the card itself (Stripe card.fingerprint), the same on every payment.';

-- ---------------------------------------------------------------------------------------------
-- A card without a fingerprint (saved before they were kept, or one the gateway gave none for)
-- is named by its own details: brand, last 4 and expiry. A card saved later with a fingerprint
-- and those details takes its entry over (save_payment_method) rather than adding a second.
-- ---------------------------------------------------------------------------------------------

create or replace function private.card_details_fingerprint(brand text, last4 text,
	exp_month integer, exp_year integer)
returns text
language sql
immutable
set search_path = ''
as $$
	select 'details:' || brand || ':' || last4 || ':' || exp_month || '/' || exp_year;
$$;

create or replace function private.card_fingerprint_default()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
	new.fingerprint := coalesce(nullif(new.fingerprint, ''),
		private.card_details_fingerprint(new.brand, new.last4, new.exp_month, new.exp_year));
	return new;
end;
$$;

create trigger payment_methods_fingerprint before insert or update of fingerprint
	on public.payment_methods for each row execute function private.card_fingerprint_default();

update public.payment_methods m set fingerprint = null;

-- Copies of one card merged: the default is kept (else the oldest), with the newest method id.
create temporary table card_copies as
	select m.id,
		first_value(m.id) over (partition by m.user_id, m.gateway, m.fingerprint
			order by m.is_default desc, m.created_at, m.id) as keep_id,
		first_value(m.gateway_reference) over (partition by m.user_id, m.gateway, m.fingerprint
			order by m.created_at desc, m.id desc) as newest_reference
	from public.payment_methods m;

delete from public.payment_methods m using card_copies c where m.id = c.id and c.id <> c.keep_id;

update public.payment_methods m set gateway_reference = c.newest_reference
	from card_copies c where m.id = c.id and m.gateway_reference <> c.newest_reference;

drop table card_copies;

alter table public.payment_methods alter column fingerprint set not null;

create unique index payment_methods_one_per_card
	on public.payment_methods (user_id, gateway, fingerprint);

-- ---------------------------------------------------------------------------------------------
-- A saved card, from a paid event or a setup: the same card (fingerprint) updates its entry.
-- ---------------------------------------------------------------------------------------------

drop function public.record_saved_card(text, text, uuid, text, text, text, integer, integer, text);
drop function public.save_payment_method(uuid, text, text, text, text, integer, integer);

create function public.save_payment_method(owner uuid, gateway text, reference text,
	fingerprint text, brand text, last4 text, exp_month integer, exp_year integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
	-- The entry this card had before fingerprints were kept becomes this card's.
	update public.payment_methods m set fingerprint = save_payment_method.fingerprint
		where coalesce(save_payment_method.fingerprint, '') <> ''
			and m.user_id = owner and m.gateway = save_payment_method.gateway
			and m.fingerprint = private.card_details_fingerprint(save_payment_method.brand,
				save_payment_method.last4, save_payment_method.exp_month, save_payment_method.exp_year)
			and not exists (select 1 from public.payment_methods x where x.user_id = owner
				and x.gateway = save_payment_method.gateway
				and x.fingerprint = save_payment_method.fingerprint);
	-- The first card becomes the default; the same card again keeps whether it is.
	insert into public.payment_methods (user_id, gateway, gateway_reference, fingerprint, brand,
		last4, exp_month, exp_year, is_default)
	values (owner, save_payment_method.gateway, reference, save_payment_method.fingerprint,
		save_payment_method.brand, save_payment_method.last4, save_payment_method.exp_month,
		save_payment_method.exp_year,
		not exists (select 1 from public.payment_methods m where m.user_id = owner and m.is_default))
	on conflict (user_id, gateway, fingerprint) do update set
		gateway_reference = excluded.gateway_reference, brand = excluded.brand,
		last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year;
end;
$$;

create function public.record_saved_card(event_id text, gateway text, owner uuid,
	reference text, fingerprint text, brand text, last4 text, exp_month integer, exp_year integer,
	gateway_customer text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
	-- Checked before the event is taken: a card for nobody must not use up its delivery.
	if not exists (select 1 from auth.users u where u.id = owner) then
		return 'unknown_owner';
	end if;
	insert into public.payment_events (id, gateway, type)
		values (record_saved_card.gateway || ':' || record_saved_card.event_id,
			record_saved_card.gateway, 'card_saved')
		on conflict (id) do nothing;
	if not found then
		return 'duplicate';
	end if;
	perform public.save_payment_method(owner, record_saved_card.gateway, reference,
		record_saved_card.fingerprint, record_saved_card.brand, record_saved_card.last4,
		record_saved_card.exp_month, record_saved_card.exp_year);
	-- Empty when the gateway keeps no customers (the test gateway).
	if coalesce(gateway_customer, '') <> '' then
		update public.profiles p set stripe_customer_id = gateway_customer
			where p.id = owner and p.stripe_customer_id is distinct from gateway_customer;
	end if;
	return 'saved';
end;
$$;

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.save_payment_method(uuid, text, text, text, text, text, integer, integer)',
		'public.record_saved_card(text, text, uuid, text, text, text, text, integer, integer, text)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;
