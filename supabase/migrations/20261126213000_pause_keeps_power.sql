-- =============================================================================================
-- A pause gives the server back as it found it (issue 27 item 9). Ending a pause started the
-- server whatever it was doing before, so a customer who had stopped theirs found it running and
-- using its slot after the pause. The site reads the server's power state on the game panel just
-- before suspending it and records it here; ending the pause starts it only when it was running.
-- Pauses recorded before this column existed were started, as they always were.
-- =============================================================================================

alter table public.service_pauses
	add column was_running boolean not null default true;

comment on column public.service_pauses.was_running is
	'Whether the server was running (or starting) when the pause suspended it: ending the pause starts it only then.';
