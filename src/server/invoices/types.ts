/**
 * What an invoice PDF is made from: plain data, so the document can be built and tested without a
 * database, and a credit note (which has no table yet) can be mapped to it by whoever stores it.
 * Amounts are integers of minor units, exactly as stored; the PDF formats them, it never computes
 * with them. A credit note's amounts are printed with the sign its caller gives them.
 */

import type { InvoiceStatus } from '../../lib/domain/invoice-status';
import type { DiscountCode } from '../../lib/panel/types';

/** The customer's billing details as copied onto the invoice when it was issued. */
export interface BillingDetails {
	name: string;
	company: string;
	address: string;
	postalCode: string;
	city: string;
	/** ISO 3166-1 alpha-2, shown as the country's name in the PDF's language. */
	country: string | null;
	vatNumber: string;
}

export interface InvoiceForPdf {
	kind: 'invoice' | 'credit_note';
	/** e.g. INV-2026-000123; also the PDF's file name. */
	number: string;
	/** Number of the invoice a credit note credits. */
	credits?: string;
	/** ISO 4217, e.g. NOK. */
	currency: string;
	status: InvoiceStatus;
	/** Timestamps as ISO 8601 strings (what the database returns). */
	issuedAt: string;
	dueAt: string | null;
	paidAt: string | null;
	periodStart: string | null;
	periodEnd: string | null;
	/** VAT in percent with at most two decimals, e.g. 25 or 12.5. */
	taxRate: number;
	subtotal: number;
	discount: number;
	/** The code the discount came from, named on its line; absent or null for none. */
	discountCode?: DiscountCode | null;
	tax: number;
	lateFee: number;
	total: number;
	customer: BillingDetails;
}

export interface InvoiceLineForPdf {
	/** What it is (invoice_items.kind): a `late_fee` line is printed with the totals, once. */
	kind?: string;
	/** What the line is for as stored (invoice_items.line), put into the PDF's language. */
	line?: unknown;
	/** The text saved with the line: printed when `line` is missing or not one the site knows. */
	description: string;
	quantity: number;
	unitAmount: number;
	amount: number;
	/** False for lines without VAT (the late fee): shown at 0 %. */
	taxable: boolean;
}

/** Who issues the invoice (see seller.ts). */
export interface Seller {
	name: string;
	/** Address lines, top to bottom. */
	address: string[];
	/** ISO 3166-1 alpha-2, printed as the country's name in the PDF's language. */
	country: string;
	vatNumber: string;
	email: string;
}
