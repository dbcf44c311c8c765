-- =============================================================================================
-- Saved SSH keys (issue 31). Customers keep up to 20
-- SSH public keys in their profile to pick at checkout and at a reinstall: the site checks each
-- key (src/lib/vps/ssh-key.ts) and computes its SHA256 fingerprint, so it alone writes them
-- (service role); customers read and delete their own rows.
-- =============================================================================================

create table public.ssh_keys (
	id uuid primary key default gen_random_uuid(),
	user_id uuid not null references auth.users (id) on delete cascade,
	name text not null check (char_length(btrim(name)) between 1 and 60),
	public_key text not null check (char_length(public_key) between 16 and 16384),
	fingerprint text not null check (fingerprint ~ '^SHA256:[A-Za-z0-9+/]{43}$'),
	created_at timestamptz not null default now(),
	unique (user_id, fingerprint)
);

comment on table public.ssh_keys is
	'A customer''s saved SSH public keys (at most 20), picked at checkout and reinstall; the fingerprint is OpenSSH''s SHA256 of the key blob.';

alter table public.ssh_keys enable row level security;

create policy "Customers read their own SSH keys" on public.ssh_keys
	for select to authenticated using (user_id = (select auth.uid()));
create policy "Customers delete their own SSH keys" on public.ssh_keys
	for delete to authenticated using (user_id = (select auth.uid()));
create policy "Two-factor customers need an aal2 session" on public.ssh_keys
	as restrictive for all to authenticated
	using ((select private.session_meets_assurance()))
	with check ((select private.session_meets_assurance()));

grant select, delete on public.ssh_keys to authenticated;
grant select, insert, update, delete on public.ssh_keys to service_role;

-- At most 20 per customer, counted under a lock per customer so two adds at once cannot both
-- be the twentieth.
create or replace function private.ssh_keys_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
	perform pg_advisory_xact_lock(hashtextextended('ssh_keys:' || new.user_id::text, 0));
	if (select count(*) from public.ssh_keys k where k.user_id = new.user_id) >= 20 then
		raise exception 'at most 20 SSH keys per customer' using errcode = 'check_violation';
	end if;
	return new;
end;
$$;

revoke execute on function private.ssh_keys_limit() from public, anon, authenticated;

create trigger ssh_keys_limit before insert on public.ssh_keys
	for each row execute function private.ssh_keys_limit();
