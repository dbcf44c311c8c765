import { isLocale, type Locale } from '../../i18n';

/**
 * The HTTP side of an invoice PDF, kept out of the route so it can be tested: which language the
 * PDF is in and the headers it is sent with.
 */

/** `?locale=` when it names a language we speak, else the customer's own choice, else English. */
export function pdfLocale(requested: string | null | undefined, preferred: Locale | null): Locale {
	if (isLocale(requested)) return requested;
	return preferred ?? 'en';
}

/** A file name a browser saves as is: the invoice number, nothing that could break the header. */
export function pdfFileName(number: string): string {
	const safe = number.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
	return `${safe || 'invoice'}.pdf`;
}

export function pdfHeaders(number: string, download: boolean): Record<string, string> {
	return {
		'Content-Type': 'application/pdf',
		'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${pdfFileName(number)}"`,
		// An invoice names a person and an address: never kept by a shared cache or the browser's.
		'Cache-Control': 'private, no-store',
		'X-Content-Type-Options': 'nosniff',
	};
}

export function pdfResponse(bytes: Uint8Array, number: string, download: boolean): Response {
	// A copy with its own ArrayBuffer: what `Response` accepts whatever backs the rendered bytes.
	return new Response(bytes.slice(), {
		status: 200,
		headers: { ...pdfHeaders(number, download), 'Content-Length': String(bytes.byteLength) },
	});
}
