import type { APIRoute } from 'astro';
import { createBody, createDiscount } from '~/server/staff/discounts/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/**
 * POST /api/staff/discounts with `{ code, percent, validFrom, validUntil?, maxUses?,
 * firstInvoiceOnly, requestId }`: a new code, answered 201 with it.
 */
export const POST: APIRoute = (context) => staffWrite(context, createBody, createDiscount);
