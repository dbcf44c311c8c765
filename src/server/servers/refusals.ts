import type { UiKey } from '../../i18n';
import type { ServerRefusal } from './actions';

/** Each refusal's HTTP status and message: the customer learns what to do, never a panel detail. */
export const serverRefusals: Record<ServerRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'servers.error.not_found' },
	suspended: { status: 409, message: 'servers.error.suspended' },
	ended: { status: 409, message: 'servers.error.ended' },
	not_ready: { status: 409, message: 'servers.error.not_ready' },
	not_on_panel: { status: 409, message: 'servers.error.not_on_panel' },
	panel_refused: { status: 409, message: 'servers.error.panel_refused' },
	panel_unavailable: { status: 503, message: 'servers.error.panel_unavailable' },
};
