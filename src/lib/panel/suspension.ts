import { isOpenInvoice } from '../domain/invoice-status';
import { unpaidConsequences } from '../billing/decline';
import type { ActivityEntry, InvoiceRow, Suspension } from './types';

export type { Suspension };

/**
 * The unpaid renewal behind a suspended server, from its invoices and activity (newest first).
 * Null for a server that is not suspended, or suspended with no renewal left open (a pause).
 */
export function suspensionOf(
	status: string,
	invoices: InvoiceRow[],
	activity: ActivityEntry[],
): Suspension | null {
	if (status !== 'suspended') return null;
	const unpaid = invoices.find(
		(invoice) => invoice.kind === 'renewal' && isOpenInvoice(invoice.status),
	);
	if (!unpaid) return null;
	const event = activity.find((entry) => entry.event === 'suspended');
	// The run's own clock (detail.at) over the row's insert time: they differ on a replayed run.
	const at = event?.detail.at;
	return {
		invoice: {
			id: unpaid.id,
			number: unpaid.number,
			total: unpaid.total,
			currency: unpaid.currency,
		},
		since: typeof at === 'string' ? at : (event?.at ?? null),
		deleteOn: unpaidConsequences(unpaid.dueAt.slice(0, 10)).deleteOn,
	};
}
