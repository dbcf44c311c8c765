import { z } from 'zod';
import { consoleEndingSchema } from '../../lib/domain/console-ending.ts';
import type { ConsoleViewer } from '../../lib/domain/console-token.ts';
import type { LiveCheck } from '../console/live-access.ts';
import type { AdminClient } from '../supabase/admin-client.ts';

const verdict = z.union([z.literal('open'), consoleEndingSchema]);

/**
 * A game console's live check for `watchLiveAccess`: one call of `game_console_access_live`
 * (service role): the session and password as for a VPS console, then the service still an active
 * game server of the owner, or, for staff, the viewer still staff.
 */
export function gameConsoleCheck(admin: AdminClient, viewer: ConsoleViewer): LiveCheck {
	return async (grant) => {
		const { data, error } = await admin.rpc('game_console_access_live', {
			session_id: grant.sessionId,
			user_id: grant.userId,
			service_id: grant.serviceId,
			opened_at: grant.openedAt,
			as_staff: viewer === 'staff',
		});
		if (error) throw new Error(`game_console_access_live: ${error.message}`);
		const answer = verdict.parse(data);
		return answer === 'open' ? null : answer;
	};
}
