import type { ConsoleViewer } from '../../lib/domain/console-token';
import { hasEnded } from '../../lib/domain/service-status';
import { isUuid } from '../../lib/uuid';
import { refOf } from '../billing/panel-steps';
import type { ServerRef } from '../game-panel';
import type { ServerRefusal } from '../servers/actions';
import { isStaff } from '../staff/door';
import type { AdminClient } from '../supabase/admin-client';

// Who may open a game server's console, asked when the token is made and again when it is spent:
// the owner of an active game server on the panel, or staff (read-only) for any active one. The
// refusals are the server page's own (src/server/servers/refusals.ts), so the customer reads the
// same words there and here; anyone else's server is "not found", and they learn nothing of it.

export interface ConsoleViewerOf {
	userId: string;
	viewer: ConsoleViewer;
}

export async function gameConsoleAccess(
	admin: AdminClient,
	who: ConsoleViewerOf,
	serviceId: string,
): Promise<{ ref: ServerRef; ownerId: string } | ServerRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data, error } = await admin
		.from('services')
		.select('user_id, product_type, status, panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`services: ${error.message}`);
	if (!data || data.product_type !== 'game') return 'not_found';
	if (who.viewer === 'owner' && data.user_id !== who.userId) return 'not_found';
	if (who.viewer === 'staff' && !(await isStaff(who.userId))) return 'not_found';
	if (data.status === 'suspended') return 'suspended';
	if (hasEnded(data.status)) return 'ended';
	if (data.status !== 'active') return 'not_ready';
	const ref = refOf(data);
	return ref ? { ref, ownerId: data.user_id } : 'not_on_panel';
}
