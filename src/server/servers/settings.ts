import { hasEnded } from '../../lib/domain/service-status';
import type { User } from '@supabase/supabase-js';
import { isUuid } from '../../lib/uuid';
import { refOf } from '../billing/panel-steps';
import { getGamePanel, type DailyTime, type ServerRef } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { panelRefusal, type ServerRefusal } from './owned';

export interface ServerSettings {
	label: string;
	/** 'HH:MM' in UTC, or null for no scheduled restart. */
	dailyRestartAt: string | null;
	/** 'HH:MM' in UTC, or null for no daily backup; left as it is when omitted. */
	dailyBackupAt?: string | null;
}

const hhmm = (time: string): DailyTime => ({
	hour: Number(time.slice(0, 2)),
	minute: Number(time.slice(3, 5)),
});

/** The panel's schedule for each daily time, by the setting that holds it. */
const schedules = {
	restart: (ref: ServerRef, time: DailyTime | null) => getGamePanel().setDailyRestart(ref, time),
	backup: (ref: ServerRef, time: DailyTime | null) => getGamePanel().setDailyBackup(ref, time),
};

/** Sets a changed daily time on the panel; the refusal when it would not take it. */
async function schedule(
	kind: keyof typeof schedules,
	ref: ServerRef | null,
	time: string | null,
): Promise<ServerRefusal | null> {
	if (!ref) return 'not_on_panel';
	try {
		await schedules[kind](ref, time ? hhmm(time) : null);
		return null;
	} catch (failure) {
		// Installing or suspended: the panel takes no schedule until the server is running.
		return panelRefusal(failure);
	}
}

/**
 * The customer's own name for a server, its daily restart and daily backup times. Each time is a
 * schedule on the game panel, which runs it: set there first, then stored, so the page never
 * promises a restart or a backup the panel does not know about.
 */
export async function saveServerSettings(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	settings: ServerSettings,
): Promise<{ ok: true } | ServerRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: s, error } = await admin
		.from('services')
		.select('status, daily_restart_at, daily_backup_at, panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!s) return 'not_found';
	if (hasEnded(s.status)) return 'ended';
	const current = {
		restart: s.daily_restart_at?.slice(0, 5) ?? null,
		backup: s.daily_backup_at?.slice(0, 5) ?? null,
	};
	const wanted = {
		restart: settings.dailyRestartAt,
		backup: settings.dailyBackupAt === undefined ? current.backup : settings.dailyBackupAt,
	};
	for (const kind of ['restart', 'backup'] as const) {
		if (wanted[kind] === current[kind]) continue;
		const refused = await schedule(kind, refOf(s), wanted[kind]);
		if (refused) return refused;
	}
	const { data: saved, error: saveError } = await admin.rpc('save_server_settings', {
		customer: customer.id,
		service: serviceId,
		label: settings.label,
		// null clears a schedule (the generated types do not know the arguments are nullable).
		restart_at: wanted.restart as string,
		backup_at: wanted.backup as string,
	});
	if (saveError) throw new Error(`save_server_settings: ${saveError.message}`);
	return saved ? { ok: true } : 'not_found';
}
