-- =============================================================================================
-- The late fee's limits and one renewal per billed period.
--
-- The fee's cap (the days until suspension) is a rule of src/lib/billing (lateFeeDays); the
-- database makes sure a cancelled invoice carries none, whichever step cancels it (termination,
-- the end of a cancellation, a refund): nobody owes a fee on an invoice nobody owes.
-- =============================================================================================

create or replace function private.cancelled_invoice_without_late_fee()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
	delete from public.invoice_items x where x.invoice_id = new.id and x.kind = 'late_fee';
	new.total := new.total - new.late_fee;
	new.late_fee := 0;
	return new;
end;
$$;

create trigger invoices_cancelled_without_late_fee
	before update of status on public.invoices
	for each row
	when (new.status = 'cancelled' and old.status <> 'cancelled' and new.late_fee <> 0)
	execute function private.cancelled_invoice_without_late_fee();

-- Cancelled invoices already carrying a fee (terminated before this migration) lose it too.
delete from public.invoice_items x using public.invoices i
	where x.invoice_id = i.id and x.kind = 'late_fee' and i.status = 'cancelled';
update public.invoices set total = total - late_fee, late_fee = 0
	where status = 'cancelled' and late_fee <> 0;

-- One renewal per service and billed period, by the day the period starts. The index it replaces
-- compared instants, so a renewal of the same period written at another hour of the same day (the
-- demo seed's, at the time of seeding, beside the run's at the due hour) was a second renewal
-- rather than an error. Periods start at their due moment, so two on one day are one period.
drop index public.invoices_one_renewal_per_period;
create unique index invoices_one_renewal_per_period on public.invoices
	(service_id, ((period_start at time zone 'UTC')::date))
	where kind = 'renewal' and status <> 'cancelled';
