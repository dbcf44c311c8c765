import type { APIRoute } from 'astro';
import { servePdf } from '~/server/invoices/pdf-route';
import { invoiceForPdf } from '~/server/invoices/pdf-query';

export const prerender = false;

/**
 * GET /api/invoices/{id}/pdf[?locale=no][&download=1]: the invoice as a PDF, to its owner only.
 * Unknown, foreign and malformed ids all answer the same 404.
 */
export const GET: APIRoute = (context) => servePdf(context, invoiceForPdf);
