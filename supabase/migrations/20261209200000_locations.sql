-- Locations: every service records where it runs, one of the closed set of location ids
-- (src/lib/domain/location.ts; content/catalogue/locations.json says which are open).
--
-- Existing services are placed where they actually run: before this migration the shop had one
-- site, the one every server page showed ("Oslo, Norway"): the game panel's only location and the
-- hypervisor node pve1. A VPS is placed by its machine's node (pve2 is Frankfurt's first node).
alter table public.services
	add column location text check (location in ('oslo', 'frankfurt', 'stockholm', 'copenhagen', 'helsinki'));

update public.services s set location = case
	when exists (select 1 from public.vps_machines m where m.service_id = s.id and m.node = 'pve2')
		then 'frankfurt'
	else 'oslo' end;

alter table public.services alter column location set not null;
-- Until place_order takes the customer's choice (below), a new service is placed in Oslo.
alter table public.services alter column location set default 'oslo';
