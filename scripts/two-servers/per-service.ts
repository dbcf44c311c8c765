import type { Row, StoredState } from './facts.ts';

// One service's share of the stored state: its first invoice's payments, fulfilments and panel
// servers, and its renewal invoices.

const countOf = (list: Row[], column: string, value: unknown) =>
	list.filter((row) => row[column] === value).length;

/** Per service: its first invoice's payments, fulfilments and panel servers. */
export function fulfilmentOf(state: StoredState, serviceId: string) {
	const first = state.invoices.find((i) => i.service_id === serviceId && i.kind === 'new');
	const payments = state.transactions.filter(
		(t) => t.invoice_id === first?.id && t.kind === 'payment',
	);
	const events = state.activity.filter((a) => a.service_id === serviceId);
	return {
		invoiceId: (first?.id as string | undefined) ?? null,
		number: (first?.number as string | undefined) ?? null,
		invoiceStatus: (first?.status as string | undefined) ?? null,
		payments: payments.length,
		paidActivity: countOf(events, 'event', 'paid'),
		provisionedActivity: countOf(events, 'event', 'provisioned'),
		panelServers: state.panelServers.filter((s) => s.serviceId === serviceId).map((s) => s.server),
	};
}

/** Per service: its renewal invoices (any period) and their numbers. */
export function renewalsOf(state: StoredState, serviceId: string) {
	const renewals = state.invoices.filter((i) => i.service_id === serviceId && i.kind === 'renewal');
	return renewals.map((i) => ({ id: i.id as string, number: i.number as string }));
}
