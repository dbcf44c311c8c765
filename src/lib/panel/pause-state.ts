import { z } from 'zod';

// A paused service is stored as a suspended service with a running (status 'active') row in
// service_pauses: the database suspends it for the pause as it does for an unpaid invoice. The
// panel must not show a pause as the red suspension of a debt, so every read that shows a
// service's state derives it here, and only here.

const pauseRows = z
	.array(z.object({ status: z.string(), ends_at: z.string().nullable() }))
	.optional();

/** What a service row shows: 'paused' replaces 'suspended' while a pause runs. */
export interface PauseState {
	status: string;
	/** When the running pause ends (the server comes back); null when not paused. */
	pausedUntil: string | null;
}

/** The columns a read selects for `pauseState`: the service's pauses, as embedded rows. */
export const pauseColumns = 'service_pauses(status, ends_at)';

/** The state to show for a service of `status` with these pauses (any of its pause rows). */
export function pauseState(status: string, pauses: unknown): PauseState {
	const running = pauseRows.parse(pauses)?.find((pause) => pause.status === 'active');
	if (status === 'suspended' && running?.ends_at)
		return { status: 'paused', pausedUntil: running.ends_at };
	return { status, pausedUntil: null };
}
