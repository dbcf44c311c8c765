-- =============================================================================================
-- The VPS control panel (issue 31): the activity its actions write. Power reuses 'started',
-- 'stopped' and 'restarted' (the detail names the action: shutdown, stop, reset); reinstall,
-- the browser console and reverse DNS get their own events. record_server_action writes them.
-- =============================================================================================

alter table public.service_activity drop constraint service_activity_event_check;
alter table public.service_activity add constraint service_activity_event_check
	check (event in ('created', 'paid', 'provisioned', 'started', 'stopped', 'restarted',
		'upgraded', 'renewed', 'cancellation_requested', 'kept', 'suspended', 'unsuspended',
		'cancelled', 'terminated', 'paused', 'resumed', 'password_reset', 'settings_changed',
		'reinstalled', 'console_opened', 'rdns_changed'));
