import type { LiveStatus } from '../../lib/panel/types';
import { refOf } from '../billing/panel-steps';
import { getGamePanel } from '../game-panel';

/** How long a page waits for the game panel before showing a server without its live state. */
const budgetMs = 1500;

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<T>((resolve) => {
		timer = setTimeout(() => resolve(fallback), budgetMs);
	});
	return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * What the game panel says an active server is doing now, or null: not active, not on the panel,
 * or the panel did not answer in time (the page then shows the stored status, never an error).
 */
export function liveStatus(service: {
	status: string;
	panel_server_id: string | null;
	panel_identifier: string | null;
}): Promise<LiveStatus | null> {
	const ref = service.status === 'active' ? refOf(service) : null;
	if (!ref) return Promise.resolve(null);
	const asked = getGamePanel()
		.state(ref)
		.then((status) => ({ state: status.state, resources: status.resources ?? null }));
	return within<LiveStatus | null>(asked, null);
}
