import { describe, expect, it } from 'vitest';
import { standingOf } from './standing';

const server = { status: 'active', cancelAtPeriodEnd: false, pausedUntil: null };

describe('a server’s standing, as its subscription states it', () => {
	it('is its status, a pending cancellation or a pause while it runs', () => {
		expect(standingOf(server)).toEqual({ kind: 'status', status: 'active', renews: true });
		expect(standingOf({ ...server, cancelAtPeriodEnd: true })).toEqual({
			kind: 'pendingCancellation',
			renews: false,
		});
		const paused = { ...server, status: 'paused', pausedUntil: '2027-03-01T00:00:00Z' };
		expect(standingOf(paused)).toEqual({
			kind: 'paused',
			until: '2027-03-01T00:00:00Z',
			renews: true,
		});
	});

	// Issue 39: a VPS given back under the money-back guarantee after it was set to be cancelled
	// still said "Pending cancellation" and a next due date's place once it was deleted.
	it('is ended once cancelled or terminated, whatever it was set to do before', () => {
		for (const status of ['cancelled', 'terminated'])
			expect(standingOf({ ...server, status, cancelAtPeriodEnd: true })).toEqual({
				kind: 'status',
				status,
				renews: false,
			});
	});
});
