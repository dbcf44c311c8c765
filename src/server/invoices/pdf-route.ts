import type { APIContext } from 'astro';
import { apiError, callerLocale } from '../http/api';
import { callerOf } from '../http/caller';
import { adminClient, type AdminClient } from '../supabase/admin-client';
import { renderInvoicePdf } from './pdf';
import type { LoadedInvoice } from './pdf-query';
import { pdfLocale, pdfResponse } from './response';
import { sellerDetails } from './seller';

/**
 * GET …/{id}/pdf[?locale=no][&download=1] for an invoice or a credit note: to its owner only;
 * unknown, foreign and malformed ids all answer the same 404.
 */
export async function servePdf(
	context: APIContext,
	load: (admin: AdminClient, userId: string, id: string) => Promise<LoadedInvoice | null>,
): Promise<Response> {
	const requested = context.url.searchParams.get('locale');
	const locale = callerLocale(context, requested);
	const customer = await callerOf(context);
	if (!customer)
		return apiError(401, 'unauthenticated', 'invoice.pdf.error.unauthenticated', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'invoice.pdf.error.unavailable', locale);
	const found = await load(admin, customer.id, context.params.id ?? '');
	if (!found) return apiError(404, 'not_found', 'invoice.pdf.error.notFound', locale);
	const language = pdfLocale(requested, found.preferredLocale);
	const bytes = await renderInvoicePdf(found.invoice, found.lines, sellerDetails(), language);
	return pdfResponse(bytes, found.invoice.number, context.url.searchParams.get('download') === '1');
}
