import type { ServerRow } from '../../lib/panel/types';
import { pauseColumns, pauseState } from '../../lib/panel/pause-state';
import { serviceRef } from '../invoices/rows';

/** The service columns a server row needs (the dashboard's function returns the same names). */
export interface ServiceListColumns {
	id: string;
	product_type: string;
	game: string | null;
	plan_id: string;
	tier: string;
	label: string;
	ram_gb: number;
	status: string;
	cancel_at_period_end: boolean;
	current_period_end: string | null;
	panel_server_id: string | null;
	panel_identifier: string | null;
	/** Its pauses, where the read embeds them (`pauseColumns`); a paused service shows as paused. */
	service_pauses?: unknown;
}

export const serviceListColumns = `id, product_type, game, plan_id, tier, label, ram_gb, status, cancel_at_period_end, current_period_end, panel_server_id, panel_identifier, ${pauseColumns}`;

export function serverRow(service: ServiceListColumns, liveState: string | null): ServerRow {
	const { status, pausedUntil } = pauseState(service.status, service.service_pauses);
	return {
		...serviceRef(service),
		tier: service.tier,
		ramGb: service.ram_gb,
		status,
		pausedUntil,
		cancelAtPeriodEnd: service.cancel_at_period_end,
		nextDueAt: service.current_period_end,
		liveState,
	};
}
