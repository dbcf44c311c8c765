import { z } from 'zod';
import type { ServerRow } from '../../lib/panel/types';
import { pauseColumns, pauseState } from '../../lib/panel/pause-state';
import { serviceRef } from '../invoices/rows';

/**
 * The service columns a server row needs. The server list reads them through the generated types;
 * `panel_dashboard` returns the same names in jsonb, which the dashboard parses with this.
 */
export const serviceListColumnsSchema = z.object({
	id: z.string(),
	product_type: z.string(),
	game: z.string().nullable(),
	plan_id: z.string(),
	tier: z.string(),
	label: z.string(),
	ram_gb: z.number(),
	status: z.string(),
	cancel_at_period_end: z.boolean(),
	current_period_end: z.string().nullable(),
	panel_server_id: z.string().nullable(),
	panel_identifier: z.string().nullable(),
	/** Its pauses, where the read embeds them (`pauseColumns`); a paused service shows as paused. */
	service_pauses: z.unknown().optional(),
	/** A VPS's machine, where the read embeds it: its hostname names it (`vpsNamer` otherwise). */
	vps_machines: z.object({ hostname: z.string() }).nullable().optional(),
});
export type ServiceListColumns = z.infer<typeof serviceListColumnsSchema>;

export const serviceListColumns = `id, product_type, game, plan_id, tier, label, ram_gb, status, cancel_at_period_end, current_period_end, panel_server_id, panel_identifier, vps_machines(hostname), ${pauseColumns}`;

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
