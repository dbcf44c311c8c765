-- =============================================================================================
-- Upgrades: a bigger server during a period, charged pro rata. The site server prices it with
-- src/lib/billing (prorate) from the catalogue; these functions refuse what the rules refuse, write
-- the upgrade and its invoice in one transaction, and apply it once it is paid. Service role only.
-- =============================================================================================

create unique index service_upgrades_one_pending on public.service_upgrades (service_id)
	where status = 'pending';

-- Refusals are raised as the error's message, one word, for the site to translate.
create or replace function public.request_service_upgrade(customer uuid, service uuid,
	at timestamptz, to_config jsonb, amounts jsonb, new_recurring bigint, description text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	s public.services;
	p public.profiles;
	made uuid;
	upgrade uuid;
begin
	select * into s from public.services x where x.id = service and x.user_id = customer for update;
	if s.id is null then
		raise exception 'not_found' using errcode = 'P0001';
	end if;
	if s.status <> 'active' then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.service_upgrades u where u.service_id = s.id
			and u.status = 'pending') then
		raise exception 'upgrade_pending' using errcode = 'P0001';
	end if;
	if exists (select 1 from public.invoices i where i.service_id = s.id
			and i.status in ('unpaid', 'overdue')) then
		raise exception 'unpaid_invoice' using errcode = 'P0001';
	end if;
	if at < s.current_period_start or at >= s.current_period_end then
		raise exception 'not_active' using errcode = 'P0001';
	end if;
	select * into p from public.profiles x where x.id = customer;
	insert into public.invoices (number, user_id, service_id, kind, currency, subtotal, tax_rate,
		tax, total, period_start, period_end, issued_at, due_at, billing_name, billing_company,
		billing_address, billing_postal_code, billing_city, billing_country, billing_vat_number)
	values (private.next_invoice_number(at), customer, s.id, 'upgrade', s.currency,
		(amounts ->> 'net')::bigint, (amounts ->> 'tax_rate')::numeric, (amounts ->> 'tax')::bigint,
		(amounts ->> 'total')::bigint, at, s.current_period_end, at, at,
		btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')),
		coalesce(p.company, ''), coalesce(p.address, ''), coalesce(p.postal_code, ''),
		coalesce(p.city, ''), p.country, coalesce(p.vat_number, ''))
	returning id into made;
	insert into public.invoice_items (invoice_id, user_id, kind, description, unit_amount, amount)
		values (made, customer, 'upgrade', left(description, 300), (amounts ->> 'net')::bigint,
			(amounts ->> 'net')::bigint);
	insert into public.service_upgrades (service_id, user_id, from_config, to_config, currency,
		prorated_amount, new_recurring_amount, invoice_id)
	values (s.id, customer, jsonb_build_object('ram_gb', s.ram_gb, 'storage_gb', s.storage_gb,
			'modpack_installation', s.modpack_installation, 'recurring_amount', s.recurring_amount),
		to_config, s.currency, (amounts ->> 'net')::bigint, new_recurring, made)
	returning id into upgrade;
	return jsonb_build_object('invoice_id', made, 'upgrade_id', upgrade);
end;
$$;

-- After its invoice is paid and the game panel has the new build: the service gets the new size,
-- and the new price from its next renewal invoice on.
create or replace function public.apply_service_upgrade(invoice uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
	u public.service_upgrades;
begin
	update public.service_upgrades x set status = 'applied'
		from public.invoices i
		where x.invoice_id = apply_service_upgrade.invoice and i.id = x.invoice_id
			and i.status = 'paid' and x.status in ('pending', 'paid')
		returning x.* into u;
	if u.id is null then
		return jsonb_build_object('applied', false);
	end if;
	update public.services s set ram_gb = (u.to_config ->> 'ram_gb')::integer,
		storage_gb = (u.to_config ->> 'storage_gb')::integer,
		modpack_installation = coalesce((u.to_config ->> 'modpack_installation')::boolean,
			s.modpack_installation),
		recurring_amount = u.new_recurring_amount
		where s.id = u.service_id;
	insert into public.service_activity (service_id, user_id, event, detail)
		values (u.service_id, u.user_id, 'upgraded', u.to_config);
	return jsonb_build_object('applied', true, 'service_id', u.service_id);
end;
$$;

-- The upgrade of a paid invoice, for the site to change the build on the game panel first.
create or replace function public.paid_upgrade(invoice uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
	select jsonb_build_object('service_id', s.id, 'to_config', u.to_config,
		'panel_server_id', s.panel_server_id, 'panel_identifier', s.panel_identifier)
	from public.service_upgrades u
	join public.services s on s.id = u.service_id
	join public.invoices i on i.id = u.invoice_id
	where u.invoice_id = paid_upgrade.invoice and i.status = 'paid' and u.status = 'pending';
$$;

do $$
declare
	fn text;
begin
	foreach fn in array array[
		'public.request_service_upgrade(uuid, uuid, timestamptz, jsonb, jsonb, bigint, text)',
		'public.apply_service_upgrade(uuid)',
		'public.paid_upgrade(uuid)'
	] loop
		execute format('revoke execute on function %s from public, anon, authenticated', fn);
		execute format('grant execute on function %s to service_role', fn);
	end loop;
end;
$$;
