import type { ContentStack, ContentTable, TableCell } from 'pdfmake/interfaces';
import type { Translate } from '../../i18n';
import type { PdfFormat } from './format';
import type { InvoiceForPdf, Seller } from './types';

/**
 * The parts of an invoice PDF as pdfmake content: plain objects with the text already translated and
 * formatted, so a test can read them and pdf.ts only puts them on the page.
 */
export interface PdfContext {
	t: Translate;
	format: PdfFormat;
}

const nonEmpty = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);

export function sellerBlock(seller: Seller, { t, format }: PdfContext): ContentStack {
	return {
		stack: [
			{ text: seller.name, bold: true },
			...nonEmpty([
				...seller.address,
				format.country(seller.country),
				seller.vatNumber && `${t('invoice.pdf.vatNumber')} ${seller.vatNumber}`,
				seller.email,
			]),
		],
		alignment: 'right',
	};
}

export function customerBlock(invoice: InvoiceForPdf, { t, format }: PdfContext): ContentStack {
	const c = invoice.customer;
	return {
		stack: [
			{ text: t('invoice.pdf.customer'), style: 'label' },
			...nonEmpty([
				c.company,
				c.name,
				...c.address.split(/\r?\n/),
				`${c.postalCode} ${c.city}`,
				format.country(c.country),
				c.vatNumber && `${t('invoice.pdf.vatNumber')} ${c.vatNumber}`,
			]),
		],
	};
}

function statusText(invoice: InvoiceForPdf, { t, format }: PdfContext): string {
	if (invoice.status !== 'paid') return t(`invoice.pdf.status.${invoice.status}`);
	return invoice.paidAt
		? t('invoice.pdf.status.paid', { date: format.date(invoice.paidAt) })
		: t('invoice.pdf.status.paidUndated');
}

/** Number, dates, period and payment status as label/value rows. */
export function detailsTable(invoice: InvoiceForPdf, context: PdfContext): ContentTable {
	const { t, format } = context;
	const rows: [string, string][] = [
		[
			t(invoice.kind === 'credit_note' ? 'invoice.pdf.creditNoteNumber' : 'invoice.pdf.number'),
			invoice.number,
		],
		[t('invoice.pdf.issued'), format.date(invoice.issuedAt)],
	];
	if (invoice.dueAt) rows.push([t('invoice.pdf.due'), format.date(invoice.dueAt)]);
	if (invoice.periodStart && invoice.periodEnd) {
		const period = `${format.date(invoice.periodStart)} – ${format.date(invoice.periodEnd)}`;
		rows.push([t('invoice.pdf.period'), period]);
	}
	if (invoice.paidAt && invoice.status !== 'paid')
		rows.push([t('invoice.pdf.paid'), format.date(invoice.paidAt)]);
	const status: TableCell = { text: statusText(invoice, context), bold: true };
	if (invoice.status === 'overdue') status.color = '#b42318';
	return {
		table: {
			widths: ['auto', 'auto'],
			body: [
				...rows.map(([label, value]): TableCell[] => [{ text: label, style: 'label' }, value]),
				[{ text: t('invoice.pdf.statusLabel'), style: 'label' }, status],
			],
		},
		layout: 'noBorders',
	};
}
