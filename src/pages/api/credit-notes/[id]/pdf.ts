import type { APIRoute } from 'astro';
import { creditNoteForPdf } from '~/server/invoices/credit-note-query';
import { servePdf } from '~/server/invoices/pdf-route';

export const prerender = false;

/** GET /api/credit-notes/{id}/pdf[?locale=no][&download=1]: the credit note, to its owner only. */
export const GET: APIRoute = (context) => servePdf(context, creditNoteForPdf);
