import { locales, useTranslations, type Locale } from '../../i18n';
import {
	invoiceLineSchema,
	invoiceLineText,
	storedLineDetail,
	storedLineText,
	type InvoiceLine,
} from './invoice-line';

/** An invoice line as stored: the data, when it has them, and the text saved beside it. */
export interface StoredLine {
	line?: unknown;
	description: string;
}

/** The first of an invoice's lines: what it is for, as one line of a mail or a payment page. */
export function firstLine<T extends StoredLine & { position: number }>(lines: T[]): T | undefined {
	return lines.toSorted((a, b) => a.position - b.position)[0];
}

/** A line in `locale`'s words. */
export function lineIn(line: InvoiceLine, locale: Locale): string {
	return invoiceLineText(line, useTranslations(locale), locales[locale].intl);
}

/** A stored line (`line` as saved, `description` its text) in `locale`'s words. */
export function storedLineIn(row: StoredLine, locale: Locale): string {
	return storedLineText(row, useTranslations(locale), locales[locale].intl);
}

/** What is shown under a stored line in `locale`'s words (where its server runs), or null. */
export function storedLineDetailIn(row: { line?: unknown }, locale: Locale): string | null {
	return storedLineDetail(row, useTranslations(locale), locales[locale].intl);
}

/**
 * What a database function that writes a line takes: the line as data, which every reader reads
 * in their language, and its English text beside it for anything that only knows the text column.
 */
export function lineColumns(line: InvoiceLine): { line: InvoiceLine; description: string } {
	return { line, description: lineIn(line, 'en').slice(0, 300) };
}

/**
 * A stored line's amount as the invoice adds it up: a service credit line takes off (stored as a
 * positive amount, as every amount is; issue_renewal_invoice writes it), every other line adds.
 */
export function signedAmount(row: { line?: unknown; amount: number }): number {
	return invoiceLineSchema.safeParse(row.line).data?.kind === 'credit' ? -row.amount : row.amount;
}
