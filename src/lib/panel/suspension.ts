import { unpaidConsequences } from '../billing/decline';
import type { ActivityEntry, InvoiceRow } from './types';

/** Why a server is suspended for not paying, and what ends it: paying `invoice`. */
export interface Suspension {
	invoice: { id: string; number: string; total: number; currency: string };
	/** When the billing run suspended it (ISO); null when the activity no longer shows it. */
	since: string | null;
	/** The day the server and its data are deleted if the invoice stays unpaid. */
	deleteOn: string;
}

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
		(invoice) =>
			invoice.kind === 'renewal' && (invoice.status === 'overdue' || invoice.status === 'unpaid'),
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
