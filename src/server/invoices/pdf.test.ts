import { describe, expect, it } from 'vitest';
import type { Content, ContentColumns, DynamicContent } from 'pdfmake/interfaces';
import { dictionaries, type Locale } from '../../i18n';
import { invoiceDocument, renderInvoicePdf } from './pdf';
import { pdfFileName, pdfHeaders, pdfLocale } from './response';
import { sellerDetails } from './seller';
import type { InvoiceForPdf, InvoiceLineForPdf, Seller } from './types';

const seller: Seller = {
	name: 'Frostnode AS',
	address: ['Storgata 1', '0155 Oslo'],
	country: 'NO',
	vatNumber: 'NO 930 000 000 MVA',
	email: 'support@frostnode.example',
};

/** 1 250,00 of service at 25 % VAT, 4 × 12,50 late fee without VAT: 1 612,50 in all. */
function overdueInvoice(currency: string): InvoiceForPdf {
	return {
		kind: 'invoice',
		number: 'INV-2026-000123',
		currency,
		status: 'overdue',
		issuedAt: '2026-03-05T10:00:00Z',
		dueAt: '2026-03-19T10:00:00Z',
		paidAt: null,
		periodStart: '2026-03-05T10:00:00Z',
		periodEnd: '2026-04-05T10:00:00Z',
		taxRate: 25,
		subtotal: 125_000,
		discount: 0,
		tax: 31_250,
		lateFee: 5_000,
		total: 161_250,
		customer: {
			name: 'Ingrid Sølberg',
			company: 'Fjordløs Spill AS',
			address: 'Kirkegata 15',
			postalCode: '0153',
			city: 'Oslo',
			country: 'NO',
			vatNumber: 'NO 912 345 678 MVA',
		},
	};
}

const lines: InvoiceLineForPdf[] = [
	{
		kind: 'service',
		description: 'Rust server, 10 GB RAM (monthly)',
		quantity: 1,
		unitAmount: 125_000,
		amount: 125_000,
		taxable: true,
	},
	{
		kind: 'late_fee',
		description: 'Late fee, 4 days',
		quantity: 4,
		unitAmount: 1_250,
		amount: 5_000,
		taxable: false,
	},
];

/** Every piece of text in a document definition, whitespace (incl. no-break spaces) as plain spaces. */
function texts(node: unknown): string[] {
	if (typeof node === 'string') return [node.replace(/\s/g, ' ')];
	if (typeof node === 'number') return [String(node)];
	if (Array.isArray(node)) return node.flatMap(texts);
	if (node && typeof node === 'object') {
		const { text, stack, columns, table, body, content } = node as Record<string, unknown>;
		return [text, stack, columns, table, body, content].flatMap((part) =>
			part === undefined ? [] : texts(part),
		);
	}
	return [];
}

/** The rows of every table in the document, each row as its cells' text. */
function tableRows(node: unknown): string[][] {
	if (Array.isArray(node)) return node.flatMap(tableRows);
	if (!node || typeof node !== 'object') return [];
	const { stack, columns, table, content } = node as Record<string, unknown>;
	const own = table ? (table as { body: unknown[][] }).body.map((row) => row.flatMap(texts)) : [];
	return [...own, ...[stack, columns, content].flatMap(tableRows)];
}

const t = (locale: Locale, key: string) => dictionaries[locale][key] ?? key;

const cases = [
	{
		locale: 'en',
		location: 'Frankfurt, Germany',
		planLine: 'Valheim (Standard), 8 GB RAM, monthly',
		feeLine: 'Late fee: 4 days overdue',
		sellerCountry: 'Norway',
		fees: '€50.00',
		currency: 'EUR',
		service: '€1,250.00',
		fee: '€12.50',
		vat: '€312.50',
		total: '€1,612.50',
		rate: '25%',
		zero: '0%',
	},
	{
		locale: 'no',
		location: 'Frankfurt, Tyskland',
		planLine: 'Valheim (Standard), 8 GB RAM, månedlig',
		feeLine: 'Forsinkelsesgebyr: 4 dager på etterskudd',
		sellerCountry: 'Norge',
		fees: '50,00 kr',
		currency: 'NOK',
		service: '1 250,00 kr',
		fee: '12,50 kr',
		vat: '312,50 kr',
		total: '1 612,50 kr',
		rate: '25 %',
		zero: '0 %',
	},
	{
		locale: 'da',
		location: 'Frankfurt, Tyskland',
		planLine: 'Valheim (Standard), 8 GB RAM, månedligt',
		feeLine: 'Rykkergebyr: 4 dage for sent',
		sellerCountry: 'Norge',
		fees: '50,00 kr.',
		currency: 'DKK',
		service: '1.250,00 kr.',
		fee: '12,50 kr.',
		vat: '312,50 kr.',
		total: '1.612,50 kr.',
		rate: '25 %',
		zero: '0 %',
	},
	{
		locale: 'de',
		location: 'Frankfurt am Main, Deutschland',
		planLine: 'Valheim (Standard), 8 GB RAM, monatlich',
		feeLine: 'Mahngebühr: 4 Tage überfällig',
		sellerCountry: 'Norwegen',
		fees: '50,00 €',
		currency: 'EUR',
		service: '1.250,00 €',
		fee: '12,50 €',
		vat: '312,50 €',
		total: '1.612,50 €',
		rate: '25 %',
		zero: '0 %',
	},
] as const;

describe.each(cases)('an invoice in $locale ($currency)', (expected) => {
	const locale = expected.locale;
	const doc = invoiceDocument(overdueInvoice(expected.currency), lines, seller, locale);
	const all = texts(doc.content);
	const rows = tableRows(doc.content);

	it('has the translated title, the number and both parties', () => {
		expect(all).toContain(t(locale, 'invoice.pdf.title'));
		expect(all).toContain('INV-2026-000123');
		expect(all).toEqual(
			expect.arrayContaining(['Frostnode AS', 'Ingrid Sølberg', 'Fjordløs Spill AS']),
		);
		expect(all).toContain(`${t(locale, 'invoice.pdf.vatNumber')} NO 930 000 000 MVA`);
		expect(doc.info?.title).toBe(`${t(locale, 'invoice.pdf.title')} INV-2026-000123`);
	});

	it('lists each line with quantity, unit price, its VAT rate and amount', () => {
		expect(rows).toContainEqual([
			'Rust server, 10 GB RAM (monthly)',
			'1',
			expected.service,
			expected.rate,
			expected.service,
		]);
	});

	it('prints the late fee once, with the totals and its days, not again as a line', () => {
		expect(rows).toContainEqual(['Late fee, 4 days', expected.fees]);
		expect(rows.filter((row) => row.includes(expected.fees))).toHaveLength(1);
		expect(all.filter((text) => text.startsWith('Late fee'))).toHaveLength(1);
	});

	it('prints the stored totals in the invoice currency', () => {
		expect(rows).toContainEqual([t(locale, 'invoice.pdf.subtotal'), expected.service]);
		expect(rows).toContainEqual([
			t(locale, 'invoice.pdf.vatTotal').replace('{rate}', expected.rate),
			expected.vat,
		]);
		expect(rows).toContainEqual([t(locale, 'invoice.pdf.total'), expected.total]);
		// No discount row when there is no discount.
		expect(rows.map((row) => row[0])).not.toContain(t(locale, 'invoice.pdf.discount'));
	});

	it('names the seller’s country in the reader’s language', () => {
		const [header] = doc.content as Content[];
		const [, sellerColumn] = (header as ContentColumns).columns;
		expect(texts(sellerColumn)).toContain(expected.sellerCountry);
	});

	it('puts a line stored as data into the reader’s words, a text-only line as saved', () => {
		const stored: InvoiceLineForPdf[] = [
			{
				...lines[0]!,
				line: {
					kind: 'plan',
					plan: 'valheim-standard',
					tier: 'standard',
					ramGb: 8,
					cycle: 'monthly',
				},
			},
			{ ...lines[1]!, line: { kind: 'lateFee', days: 4 } },
			{ ...lines[0]!, description: 'Saved before lines were data' },
		];
		const words = tableRows(
			invoiceDocument(overdueInvoice(expected.currency), stored, seller, locale).content,
		).map((row) => row[0]);
		expect(words).toContain(expected.planLine);
		expect(words).toContain(expected.feeLine);
		expect(words).toContain('Saved before lines were data');
	});

	it('prints where the server runs under its line, in the reader’s language', () => {
		const placed: InvoiceLineForPdf[] = [
			{
				...lines[0]!,
				line: {
					kind: 'plan',
					plan: 'valheim-standard',
					tier: 'standard',
					ramGb: 8,
					cycle: 'monthly',
					location: 'frankfurt',
				},
			},
			lines[1]!,
		];
		const words = tableRows(
			invoiceDocument(overdueInvoice(expected.currency), placed, seller, locale).content,
		);
		const row = words.find((cells) => cells[0] === expected.planLine);
		expect(row?.slice(0, 3)).toEqual([expected.planLine, expected.location, '1']);
		expect(words.flat().filter((word) => word === expected.location)).toHaveLength(1);
	});

	it('shows the payment status and numbers the pages in the language', () => {
		expect(rows).toContainEqual([
			t(locale, 'invoice.pdf.statusLabel'),
			t(locale, 'invoice.pdf.status.overdue'),
		]);
		const footer = doc.footer as DynamicContent;
		const page = t(locale, 'invoice.pdf.page').replace('{n}', '1').replace('{count}', '2');
		expect(texts(footer(1, 2, { width: 595, height: 842, orientation: 'portrait' }))).toContain(
			page,
		);
	});
});

describe('a credit note', () => {
	const note: InvoiceForPdf = {
		...overdueInvoice('NOK'),
		kind: 'credit_note',
		number: 'CN-2026-000004',
		credits: 'INV-2026-000123',
		status: 'refunded',
		paidAt: '2026-03-10T09:00:00Z',
	};

	it.each(['en', 'no', 'da', 'de'] as const)('names the invoice it credits (%s)', (locale) => {
		const all = texts(invoiceDocument(note, lines, seller, locale).content);
		expect(all).toContain(t(locale, 'invoice.pdf.creditNoteTitle'));
		expect(all).not.toContain(t(locale, 'invoice.pdf.title'));
		expect(all).toContain(t(locale, 'invoice.pdf.credits').replace('{number}', 'INV-2026-000123'));
		expect(all).toContain(t(locale, 'invoice.pdf.creditNoteNumber'));
	});

	it('shows when it was paid out beside its status', () => {
		const rows = tableRows(invoiceDocument(note, lines, seller, 'en').content);
		expect(rows).toContainEqual(['Payment status', 'Refunded']);
		expect(rows).toContainEqual(['Payment date', 'Mar 10, 2026']);
	});
});

describe('the details of an invoice', () => {
	const paid: InvoiceForPdf = {
		...overdueInvoice('EUR'),
		status: 'paid',
		paidAt: '2026-03-06T23:30:00Z',
		discount: 25_000,
		tax: 25_000,
		lateFee: 0,
		total: 125_000,
	};

	it('says when it was paid, as a date in Oslo', () => {
		const rows = tableRows(invoiceDocument(paid, lines, seller, 'de').content);
		expect(rows).toContainEqual(['Zahlungsstatus', 'Bezahlt am 07.03.2026']);
		expect(rows.map((row) => row[0])).not.toContain('Zahlungsdatum');
	});

	it('shows the service period and the due date', () => {
		const rows = tableRows(invoiceDocument(paid, lines, seller, 'no').content);
		expect(rows).toContainEqual(['Periode', '5. mars 2026 – 5. apr. 2026']);
		expect(rows).toContainEqual(['Forfallsdato', '19. mars 2026']);
	});

	it('names a late fee without its line (written by hand) by the word alone', () => {
		const rows = tableRows(
			invoiceDocument(overdueInvoice('EUR'), [lines[0]!], seller, 'en').content,
		);
		expect(rows).toContainEqual(['Late fee', '€50.00']);
	});

	it('subtracts a discount and leaves out a late fee of zero', () => {
		const rows = tableRows(invoiceDocument(paid, lines, seller, 'de').content);
		expect(rows.find((row) => row[0] === 'Rabatt')?.[1]).toMatch(/^[-−]250,00 €$/);
		expect(rows.map((row) => row[0])).not.toContain('Mahngebühr');
	});

	it('names the code a discount came from, with its rate', () => {
		const coded = { ...paid, discountCode: { code: 'SP25', percent: 25 } };
		const de = tableRows(invoiceDocument(coded, lines, seller, 'de').content);
		expect(de.find((row) => row[0] === 'Rabatt SP25 (25 %)')?.[1]).toMatch(/^[-−]250,00 €$/);
		const en = tableRows(invoiceDocument(coded, lines, seller, 'en').content);
		expect(en.map((row) => row[0])).toContain('Discount SP25 (25%)');
	});

	it('names the customer country in the language and skips empty fields', () => {
		const invoice = overdueInvoice('EUR');
		invoice.customer = { ...invoice.customer, company: '', vatNumber: '', country: 'DE' };
		const [, parties] = invoiceDocument(invoice, lines, seller, 'no').content as Content[];
		const [customer] = (parties as ContentColumns).columns;
		expect(texts(customer)).toEqual([
			'Faktureres til',
			'Ingrid Sølberg',
			'Kirkegata 15',
			'0153 Oslo',
			'Tyskland',
		]);
	});
});

describe('the seller', () => {
	it('defaults to the company the legal pages name', () => {
		expect(sellerDetails({})).toEqual(seller);
	});

	it('comes from the environment, the address with \\n for new lines', () => {
		expect(
			sellerDetails({
				SELLER_NAME: 'Nordlys Hosting ApS',
				SELLER_ADDRESS: 'Vesterbrogade 2\\n1620 København V',
				SELLER_COUNTRY: 'dk',
				SELLER_VAT_NUMBER: 'DK 12345678',
				SELLER_EMAIL: 'faktura@nordlys.example',
			}),
		).toEqual({
			name: 'Nordlys Hosting ApS',
			address: ['Vesterbrogade 2', '1620 København V'],
			country: 'DK',
			vatNumber: 'DK 12345678',
			email: 'faktura@nordlys.example',
		});
	});
});

describe('the response', () => {
	it('uses ?locale= when known, else the customer preference, else English', () => {
		expect(pdfLocale('de', 'no')).toBe('de');
		expect(pdfLocale('fr', 'no')).toBe('no');
		expect(pdfLocale(null, null)).toBe('en');
	});

	it('is private, inline unless downloaded, named after the invoice', () => {
		expect(pdfHeaders('INV-2026-000123', false)).toMatchObject({
			'Content-Type': 'application/pdf',
			'Content-Disposition': 'inline; filename="INV-2026-000123.pdf"',
			'Cache-Control': 'private, no-store',
		});
		expect(pdfHeaders('INV-2026-000123', true)['Content-Disposition']).toBe(
			'attachment; filename="INV-2026-000123.pdf"',
		);
		expect(pdfFileName('a"b\r\nc')).toBe('a_b__c.pdf');
	});
});

/**
 * The text of an uncompressed PDF from pdfkit: each font's ToUnicode map turns the glyph codes of
 * the `Tj`/`TJ` operators back into characters.
 */
function pdfText(bytes: Uint8Array): string {
	const pdf = Buffer.from(bytes).toString('latin1');
	const objects = new Map<string, string>();
	for (const match of pdf.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g))
		objects.set(match[1]!, match[2]!);
	const cmaps = new Map<string, Map<number, string>>();
	for (const [, name, ref] of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
		const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref!) ?? '')?.[1];
		const cmap = new Map<number, string>();
		const source = objects.get(cmapRef ?? '') ?? '';
		for (const [, start, entries] of source.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
			[...entries!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((entry, i) => {
				const units = entry[1]!.split(' ').map((hex) => parseInt(hex, 16));
				cmap.set(parseInt(start!, 16) + i, String.fromCharCode(...units));
			});
		}
		cmaps.set(name!, cmap);
	}
	let font = new Map<number, string>();
	let text = '';
	for (const [, name, shown] of pdf.matchAll(
		/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\] TJ|<[0-9a-f]*> Tj)/gi,
	)) {
		if (name) font = cmaps.get(name) ?? new Map();
		for (const [, hex] of (shown ?? '').matchAll(/<([0-9a-f]*)>/gi))
			for (let i = 0; i < hex!.length; i += 4)
				text += font.get(parseInt(hex!.slice(i, i + 4), 16)) ?? '?';
		if (shown) text += '\n';
	}
	return text;
}

describe('renderInvoicePdf', () => {
	it('returns a PDF', async () => {
		const bytes = await renderInvoicePdf(overdueInvoice('NOK'), lines, seller, 'no');
		expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
		expect(bytes.byteLength).toBeGreaterThan(5_000);
	});

	it('writes the number, Nordic and German letters, kr and € as text', async () => {
		// The fee's line as stored: in German words.
		const stored = [lines[0]!, { ...lines[1]!, line: { kind: 'lateFee', days: 4 } }];
		const bytes = await renderInvoicePdf(overdueInvoice('EUR'), stored, seller, 'de', {
			compress: false,
		});
		const text = pdfText(bytes).replace(/\s+/g, ' ');
		expect(text).toContain('INV-2026-000123');
		expect(text).toContain('Fjordløs Spill AS');
		expect(text).toContain('Rechnungsempfänger');
		expect(text).toContain('Mahngebühr');
		expect(text).toContain('1.612,50 €');
		expect(text).toContain('Überfällig');

		const norwegian = pdfText(
			await renderInvoicePdf(overdueInvoice('NOK'), lines, seller, 'no', { compress: false }),
		).replace(/\s+/g, ' ');
		expect(norwegian).toContain('Beløp');
		expect(norwegian).toContain('1 612,50 kr');
		expect(norwegian).toContain('Side 1 av 1');
	});

	it('repeats the table header on every page of a long invoice and counts the pages', async () => {
		const many = Array.from({ length: 80 }, (_, i) => ({
			...lines[0]!,
			description: `Line ${i + 1}`,
		}));
		const text = pdfText(
			await renderInvoicePdf(overdueInvoice('EUR'), many, seller, 'en', { compress: false }),
		).replace(/\s+/g, ' ');
		const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
		expect(pages).toBeGreaterThan(1);
		expect(text).toContain(`Page ${pages} of ${pages}`);
		expect(text.match(/Unit price/g)).toHaveLength(pages);
		expect(text).toContain('Line 80');
	});
});
