-- =============================================================================================
-- VPS billing (issue 29): the machines and the address pool are written by the server alone.
-- 20261127100000_vps_machines.sql granted customers select only, but the platform's default
-- privileges still gave anon and authenticated insert, update and delete on the new tables, held
-- back by row-level security alone (an update matched no row). As for services and invoices, the
-- privileges go too: a customer's write is refused outright, whatever a later policy says.
-- Billing updates vps_machines.cores after resizing a machine, as the service role.
-- =============================================================================================

revoke insert, update, delete on public.vps_machines, public.vps_addresses from anon, authenticated;
