import { describe, expect, it } from 'vitest';
import { suspensionOf } from './suspension';
import type { ActivityEntry, InvoiceRow } from './types';

const invoice = (overrides: Partial<InvoiceRow>): InvoiceRow => ({
	id: 'inv-renewal',
	number: 'INV-2027-000042',
	kind: 'renewal',
	status: 'overdue',
	currency: 'EUR',
	total: 1300,
	issuedAt: '2027-02-21T13:00:00Z',
	dueAt: '2027-02-28T12:00:00Z',
	paidAt: null,
	service: null,
	...overrides,
});

const suspended: ActivityEntry = {
	event: 'suspended',
	at: '2027-03-03T13:00:05Z',
	detail: { at: '2027-03-03T13:00:00Z', by: 'billing' },
};

describe('suspensionOf', () => {
	it('names the unpaid renewal, when the server was suspended and the day it is deleted', () => {
		const paid = invoice({ id: 'inv-first', kind: 'new', status: 'paid' });
		expect(suspensionOf('suspended', [invoice({}), paid], [suspended])).toEqual({
			invoice: { id: 'inv-renewal', number: 'INV-2027-000042', total: 1300, currency: 'EUR' },
			since: '2027-03-03T13:00:00Z',
			deleteOn: '2027-03-14',
		});
	});

	it('is null for a server that runs, and for one suspended without an open renewal (a pause)', () => {
		expect(suspensionOf('active', [invoice({})], [suspended])).toBeNull();
		expect(suspensionOf('suspended', [invoice({ status: 'paid' })], [])).toBeNull();
	});

	it('without the suspension in the activity still says what to pay', () => {
		expect(suspensionOf('suspended', [invoice({ status: 'unpaid' })], [])?.since).toBeNull();
	});
});
