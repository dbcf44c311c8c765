-- =============================================================================================
-- Saved cards the customer manages from the panel: a card added through the gateway without a
-- payment (recorded once per gateway event), the default chosen, a card removed. Renewals charge
-- the default card, so a customer whose services will renew keeps at least one: the rule is
-- decided here, with the customer's cards locked, so two removals at once cannot both pass it.
-- Service role only: the site server calls them after checking who the customer is.
-- =============================================================================================

-- ---------------------------------------------------------------------------------------------
-- A card saved on the gateway's page (a setup, no payment), from its verified event: the event
-- id is taken once, the card stored as save_payment_method stores a card from a payment, and the
-- gateway's customer remembered when it is new (Stripe made one for this setup).
-- ---------------------------------------------------------------------------------------------

create or replace function public.record_saved_card(event_id text, gateway text, owner uuid,
	reference text, brand text, last4 text, exp_month integer, exp_year integer,
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
		record_saved_card.brand, record_saved_card.last4, record_saved_card.exp_month,
		record_saved_card.exp_year);
	-- Empty when the gateway keeps no customers (the test gateway).
	if coalesce(gateway_customer, '') <> '' then
		update public.profiles p set stripe_customer_id = gateway_customer
			where p.id = owner and p.stripe_customer_id is distinct from gateway_customer;
	end if;
	return 'saved';
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The default card: the one renewals charge.
-- ---------------------------------------------------------------------------------------------

create or replace function public.set_default_payment_method(customer uuid, method uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
	-- In one order, as remove_payment_method locks them: the two never wait on each other crosswise.
	perform 1 from public.payment_methods m where m.user_id = customer order by m.id for update;
	if not exists (select 1 from public.payment_methods m
			where m.id = method and m.user_id = customer) then
		return false;
	end if;
	-- The one-default index is checked row by row, so the old default is cleared first.
	update public.payment_methods m set is_default = false
		where m.user_id = customer and m.is_default and m.id <> method;
	update public.payment_methods m set is_default = true
		where m.id = method and not m.is_default;
	return true;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Removing a card: refused for the customer's only card while a service will renew (active,
-- suspended or provisioning, and not ending at the period's end); a removed default passes to
-- the newest card left. The site server detaches the card at the gateway before calling this.
-- ---------------------------------------------------------------------------------------------

create or replace function public.remove_payment_method(customer uuid, method uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
	target public.payment_methods;
	cards integer;
begin
	-- A second removal waits here for the first to commit, then counts what the first left.
	perform 1 from public.payment_methods m where m.user_id = customer order by m.id for update;
	select * into target from public.payment_methods m
		where m.id = method and m.user_id = customer;
	if target.id is null then
		return 'not_found';
	end if;
	select count(*) into cards from public.payment_methods m where m.user_id = customer;
	if cards = 1 and exists (select 1 from public.services s where s.user_id = customer
			and s.status in ('active', 'suspended', 'provisioning') and not s.cancel_at_period_end) then
		return 'needed_for_renewal';
	end if;
	delete from public.payment_methods m where m.id = target.id;
	if target.is_default then
		update public.payment_methods m set is_default = true
			where m.id = (select x.id from public.payment_methods x where x.user_id = customer
				order by x.created_at desc, x.id desc limit 1);
	end if;
	return 'removed';
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may call them: the site server only.
-- ---------------------------------------------------------------------------------------------

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.record_saved_card(text, text, uuid, text, text, text, integer, integer, text)',
		'public.set_default_payment_method(uuid, uuid)',
		'public.remove_payment_method(uuid, uuid)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;
