import type { ContentColumns, ContentTable, TableCell } from 'pdfmake/interfaces';
import type { PdfContext } from './sections';
import type { InvoiceForPdf, InvoiceLineForPdf } from './types';

/** The money tables of an invoice PDF: its lines, then its totals. */

/** A line's description, with its detail (where the server runs) smaller beneath it. */
function lineCell(format: PdfContext['format'], line: InvoiceLineForPdf): TableCell {
	const detail = format.detail(line);
	if (detail === null) return format.line(line);
	return { stack: [format.line(line), { text: detail, style: 'lineDetail' }] };
}

export function linesTable(
	invoice: InvoiceForPdf,
	lines: InvoiceLineForPdf[],
	{ t, format }: PdfContext,
): ContentTable {
	const header: TableCell[] = [
		{ text: t('invoice.pdf.description'), style: 'th' },
		{ text: t('invoice.pdf.quantity'), style: 'th', alignment: 'right' },
		{ text: t('invoice.pdf.unitPrice'), style: 'th', alignment: 'right' },
		{ text: t('invoice.pdf.vat'), style: 'th', alignment: 'right' },
		{ text: t('invoice.pdf.amount'), style: 'th', alignment: 'right' },
	];
	const body = lines.map((line): TableCell[] => [
		lineCell(format, line),
		{ text: String(line.quantity), alignment: 'right' },
		{ text: format.money(line.unitAmount), alignment: 'right' },
		{ text: format.percent(line.taxable ? invoice.taxRate : 0), alignment: 'right' },
		{ text: format.money(line.amount), alignment: 'right' },
	]);
	return {
		table: {
			headerRows: 1,
			widths: ['*', 'auto', 'auto', 'auto', 'auto'],
			body: [header, ...body],
		},
		layout: 'lightHorizontalLines',
	};
}

/**
 * Subtotal, discount, VAT, late fee and total as stored on the invoice (never re-computed). The
 * late fee is named by its line ("Late fee: 3 days overdue"), which the lines table leaves out.
 */
export function totalsTable(
	invoice: InvoiceForPdf,
	{ t, format }: PdfContext,
	feeLine?: InvoiceLineForPdf,
): ContentColumns {
	const rows: [string, string][] = [[t('invoice.pdf.subtotal'), format.money(invoice.subtotal)]];
	if (invoice.discount !== 0) {
		const code = invoice.discountCode;
		const label = code
			? t('invoice.discountCode', { code: code.code, rate: format.percent(code.percent) })
			: t('invoice.pdf.discount');
		rows.push([label, format.money(-invoice.discount)]);
	}
	const rate = format.percent(invoice.taxRate);
	rows.push([t('invoice.pdf.vatTotal', { rate }), format.money(invoice.tax)]);
	if (invoice.lateFee !== 0) {
		const label = feeLine ? format.line(feeLine) : t('invoice.pdf.lateFee');
		rows.push([label, format.money(invoice.lateFee)]);
	}
	const total: TableCell[] = [
		{ text: t('invoice.pdf.total'), bold: true },
		{ text: format.money(invoice.total), bold: true, alignment: 'right' },
	];
	return {
		columns: [
			{ width: '*', text: '' },
			{
				width: 'auto',
				table: {
					widths: ['auto', 'auto'],
					body: [
						...rows.map(([label, value]): TableCell[] => [
							label,
							{ text: value, alignment: 'right' },
						]),
						total,
					],
				},
				layout: 'lightHorizontalLines',
			},
		],
	};
}
