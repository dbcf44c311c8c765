import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { locales, useTranslations, type Locale } from '../../i18n';
import { pdfMake } from './fonts';
import { pdfFormat, printable } from './format';
import { customerBlock, detailsTable, sellerBlock } from './sections';
import { linesTable, totalsTable } from './tables';
import type { InvoiceForPdf, InvoiceLineForPdf, Seller } from './types';

/**
 * An invoice or credit note as a PDF in the customer's language. `invoiceDocument` is the whole
 * document as pdfmake data (what the tests read); `renderInvoicePdf` turns it into bytes.
 */

/** pdfmake 0.3 passes `language` on to the PDF (`/Lang`); its type package does not know it yet. */
export type InvoiceDocument = TDocumentDefinitions & { language?: string };

export function invoiceDocument(
	invoice: InvoiceForPdf,
	lines: InvoiceLineForPdf[],
	seller: Seller,
	locale: Locale,
): InvoiceDocument {
	const t = useTranslations(locale);
	const context = { t, format: pdfFormat(locale, invoice.currency) };
	const title = t(
		invoice.kind === 'credit_note' ? 'invoice.pdf.creditNoteTitle' : 'invoice.pdf.title',
	);
	const heading: Content[] = [{ text: title, style: 'title' }];
	if (invoice.kind === 'credit_note' && invoice.credits)
		heading.push({
			text: t('invoice.pdf.credits', { number: invoice.credits }),
			style: 'subtitle',
		});
	const footerText = [seller.name, seller.vatNumber, seller.email].filter(Boolean).join(' · ');
	// The late fee is a total of its own, after VAT (it carries none): printed there, not twice.
	const isFee = (line: InvoiceLineForPdf) => line.kind === 'late_fee';
	return {
		pageSize: 'A4',
		pageMargins: [48, 48, 48, 64],
		language: locales[locale].lang,
		info: {
			title: `${title} ${invoice.number}`,
			author: seller.name,
			subject: `${title} ${invoice.number}`,
			creator: seller.name,
		},
		defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.2 },
		styles: {
			title: { fontSize: 22, bold: true },
			subtitle: { fontSize: 10, margin: [0, 4, 0, 0] },
			label: { color: '#555555' },
			th: { bold: true },
			lineDetail: { fontSize: 8.5, color: '#555555' },
			footer: { fontSize: 8, color: '#555555' },
		},
		content: [
			{
				columns: [
					{ width: '*', stack: heading },
					{ width: 'auto', ...sellerBlock(seller, context) },
				],
			},
			{
				margin: [0, 28, 0, 24],
				columns: [
					{ width: '*', ...customerBlock(invoice, context) },
					{ width: 'auto', ...detailsTable(invoice, context) },
				],
			},
			linesTable(
				invoice,
				lines.filter((line) => !isFee(line)),
				context,
			),
			{ margin: [0, 12, 0, 0], ...totalsTable(invoice, context, lines.find(isFee)) },
		],
		footer: (currentPage, pageCount) => ({
			margin: [48, 24, 48, 0],
			style: 'footer',
			columns: [
				{ text: printable(footerText) },
				{
					text: t('invoice.pdf.page', { n: currentPage, count: pageCount }),
					alignment: 'right',
					width: 'auto',
				},
			],
		}),
	};
}

export interface RenderOptions {
	/** Deflate the page streams (pdfmake's default); off only to read the text in a test. */
	compress?: boolean;
}

export async function renderInvoicePdf(
	invoice: InvoiceForPdf,
	lines: InvoiceLineForPdf[],
	seller: Seller,
	locale: Locale,
	options: RenderOptions = {},
): Promise<Uint8Array> {
	const definition = invoiceDocument(invoice, lines, seller, locale);
	if (options.compress === false) definition.compress = false;
	const buffer = await pdfMake().createPdf(definition).getBuffer();
	return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
