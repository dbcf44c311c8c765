-- =============================================================================================
-- Reverse DNS of a VPS's addresses (issue 31). The address is the key, so the PTR name lives on
-- the pool row: `ptr` is the name the customer chose (null: none, the default), `ptr_in_dns` the
-- name the DNS holds for it now. They differ only after the address was released: the release
-- clears `ptr` here in SQL, and the site removes the record and clears `ptr_in_dns`
-- (src/server/vps/rdns.ts), right after the service ends and again in the billing run's sweep.
-- Customers read their own through the existing policy on vps_addresses; only the site writes.
-- =============================================================================================

alter table public.vps_addresses
	add column ptr text check (char_length(ptr) between 3 and 253 and ptr = lower(ptr)),
	add column ptr_in_dns text check (char_length(ptr_in_dns) between 3 and 253);

comment on column public.vps_addresses.ptr is
	'The reverse DNS name the holder set for this address (forward-confirmed by the site); null: none.';
comment on column public.vps_addresses.ptr_in_dns is
	'The PTR name published in DNS for this address; still set after a release until the site removed it.';

-- A released address forgets the name its last holder chose, whichever path released it (the end
-- of a service, an unpaid order giving its addresses back). The DNS record is the site's to remove.
create function private.forget_released_ptr()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
	new.ptr := null;
	return new;
end;
$$;

create trigger vps_addresses_forget_released_ptr before update of service_id on public.vps_addresses
	for each row when (old.service_id is not null and new.service_id is null)
	execute function private.forget_released_ptr();

-- The sweep's question: released addresses whose PTR is still in DNS.
create index vps_addresses_ptr_owed on public.vps_addresses (id)
	where service_id is null and ptr_in_dns is not null;
