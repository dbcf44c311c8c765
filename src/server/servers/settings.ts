import { hasEnded } from '../../lib/domain/service-status';
import type { User } from '@supabase/supabase-js';
import { isUuid } from '../../lib/uuid';
import { refOf } from '../billing/panel-steps';
import { getGamePanel } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { panelRefusal, type ServerRefusal } from './owned';

export interface ServerSettings {
	label: string;
	/** 'HH:MM' in UTC, or null for no scheduled restart. */
	dailyRestartAt: string | null;
}

const hhmm = (time: string) => ({
	hour: Number(time.slice(0, 2)),
	minute: Number(time.slice(3, 5)),
});

/**
 * The customer's own name for a server and its daily restart time. The restart is a schedule on
 * the game panel, which runs it: set there first, then stored, so the page never promises a
 * restart the panel does not know about.
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
		.select('status, daily_restart_at, panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	if (!s) return 'not_found';
	if (hasEnded(s.status)) return 'ended';
	const restart = settings.dailyRestartAt;
	if (restart !== (s.daily_restart_at?.slice(0, 5) ?? null)) {
		const ref = refOf(s);
		if (!ref) return 'not_on_panel';
		try {
			await getGamePanel().setDailyRestart(ref, restart ? hhmm(restart) : null);
		} catch (failure) {
			// Installing or suspended: the panel takes no schedule until the server is running.
			return panelRefusal(failure);
		}
	}
	const { data: saved, error: saveError } = await admin.rpc('save_server_settings', {
		customer: customer.id,
		service: serviceId,
		label: settings.label,
		// null clears the schedule (the generated types do not know the argument is nullable).
		restart_at: restart as string,
	});
	if (saveError) throw new Error(`save_server_settings: ${saveError.message}`);
	return saved ? { ok: true } : 'not_found';
}
