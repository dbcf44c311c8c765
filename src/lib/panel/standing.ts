import { hasEnded } from '../domain/service-status';
import type { ServerRow } from './types';

/**
 * Where a server stands, as its subscription states it: ended (cancelled or terminated) above
 * everything it was set to do before; else a cancellation set for the period's end; else a
 * running pause; else its status. `renews`: whether a next due date is still to come.
 */
export type Standing =
	| { kind: 'status'; status: string; renews: boolean }
	| { kind: 'pendingCancellation'; renews: false }
	| { kind: 'paused'; until: string; renews: true };

export function standingOf(
	server: Pick<ServerRow, 'status' | 'cancelAtPeriodEnd' | 'pausedUntil'>,
): Standing {
	if (hasEnded(server.status)) return { kind: 'status', status: server.status, renews: false };
	if (server.cancelAtPeriodEnd) return { kind: 'pendingCancellation', renews: false };
	if (server.pausedUntil) return { kind: 'paused', until: server.pausedUntil, renews: true };
	return { kind: 'status', status: server.status, renews: true };
}
