-- A game server's backups and files, run from the panel (issue 41): what the customer does there
-- joins the server's activity. The events are added to the list where it stands rather than
-- restating it, so migrations of other features that add their own events keep them.
do $$
declare
	def text;
	missing text[];
begin
	select pg_get_constraintdef(oid) into def from pg_constraint
	where conname = 'service_activity_event_check' and conrelid = 'public.service_activity'::regclass;
	select array_agg(event) into missing
	from unnest(array['backup_created', 'backup_restored', 'backup_deleted', 'backup_locked',
		'backup_unlocked', 'file_saved', 'file_renamed', 'file_deleted', 'folder_created',
		'file_upload_started']) as event
	where def not like '%''' || event || '''%';
	if missing is null then
		return;
	end if;
	alter table public.service_activity drop constraint service_activity_event_check;
	execute 'alter table public.service_activity add constraint service_activity_event_check '
		|| replace(def, 'ARRAY[', 'ARRAY[' || (
			select string_agg(quote_literal(event) || '::text', ', ') from unnest(missing) as event
		) || ', ');
end
$$;
