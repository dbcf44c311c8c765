import { describe, expect, it } from 'vitest';
import { pauseRefusalNow, type PauseState } from './pause-offer';

const now = new Date('2027-01-10T12:00:00Z');
const ready: PauseState = {
	status: 'active',
	cancelAtPeriodEnd: false,
	periodEnd: '2027-01-31T12:00:00Z',
	paused: false,
	openInvoices: 0,
};

describe('pauseRefusalNow', () => {
	it('allows an active server with its period ahead and nothing unpaid', () => {
		expect(pauseRefusalNow(ready, now)).toBeNull();
	});

	it.each<[Partial<PauseState>, string]>([
		[{ paused: true, status: 'suspended' }, 'already_paused'],
		[{ status: 'suspended', openInvoices: 1 }, 'suspended'],
		[{ status: 'cancelled' }, 'not_active'],
		[{ status: 'provisioning' }, 'not_active'],
		[{ periodEnd: null }, 'not_active'],
		[{ periodEnd: '2027-01-10T12:00:00Z' }, 'not_active'],
		[{ cancelAtPeriodEnd: true, openInvoices: 1 }, 'cancellation_pending'],
		[{ openInvoices: 2 }, 'unpaid_invoice'],
	])('refuses %j as %s, in the database function’s order', (change, refusal) => {
		expect(pauseRefusalNow({ ...ready, ...change }, now)).toBe(refusal);
	});
});
