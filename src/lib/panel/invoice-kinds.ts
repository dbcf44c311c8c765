import { z } from 'zod';
import type { UiKey } from '../../i18n';

/**
 * What an invoice is for: the one list the panel knows, matching the database's
 * invoices_kind_check (invoice-kinds.test.ts holds them together). Each kind has its label, so a
 * kind added here without its UI string fails the type check instead of showing a raw key.
 */
export const invoiceKinds = ['new', 'renewal', 'upgrade', 'pause'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const invoiceKindSchema = /* @__PURE__ */ z.enum(invoiceKinds);

export function invoiceKindKey(kind: InvoiceKind): UiKey {
	return `billing.kind.${kind}`;
}
