import { z } from 'zod';

/**
 * Where an invoice stands, in the order the panel's filter lists them; `invoices.status` allows
 * the same. Overdue is unpaid past its due date, with its late fee running.
 */
export const invoiceStatuses = ['unpaid', 'overdue', 'paid', 'cancelled', 'refunded'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const invoiceStatusSchema = /* @__PURE__ */ z.enum(invoiceStatuses);

/** Open: issued and not yet paid, on time or late; the customer still owes it. */
export const openInvoiceStatuses = [
	'unpaid',
	'overdue',
] as const satisfies readonly InvoiceStatus[];

export function isOpenInvoice(status: string): boolean {
	return (openInvoiceStatuses as readonly string[]).includes(status);
}
