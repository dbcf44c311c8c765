import type { APIRoute } from 'astro';
import { apiError, callerLocale } from '../../../../server/http/api';
import { callerOf } from '../../../../server/http/caller';
import { renderInvoicePdf } from '../../../../server/invoices/pdf';
import { invoiceForPdf } from '../../../../server/invoices/queries';
import { pdfLocale, pdfResponse } from '../../../../server/invoices/response';
import { sellerDetails } from '../../../../server/invoices/seller';
import { adminClient } from '../../../../server/supabase/admin-client';

export const prerender = false;

/**
 * GET /api/invoices/{id}/pdf[?locale=no][&download=1]: the invoice as a PDF, to its owner only.
 * Unknown, foreign and malformed ids all answer the same 404.
 */
export const GET: APIRoute = async (context) => {
	const requested = context.url.searchParams.get('locale');
	const locale = callerLocale(context, requested);
	const customer = await callerOf(context);
	if (!customer)
		return apiError(401, 'unauthenticated', 'invoice.pdf.error.unauthenticated', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'invoice.pdf.error.unavailable', locale);
	const found = await invoiceForPdf(admin, customer.id, context.params.id ?? '');
	if (!found) return apiError(404, 'not_found', 'invoice.pdf.error.notFound', locale);
	const language = pdfLocale(requested, found.preferredLocale);
	const bytes = await renderInvoicePdf(found.invoice, found.lines, sellerDetails(), language);
	return pdfResponse(bytes, found.invoice.number, context.url.searchParams.get('download') === '1');
};
