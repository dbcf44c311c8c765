import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { payInvoice } from '~/server/invoices/actions';
import { limits } from '~/server/rate-limit/limits';
import { paymentMethodSchema } from '~/lib/domain/payment-method';

export const prerender = false;

const body = z.object({
	method: paymentMethodSchema,
	locale: z.string().optional(),
});

/** POST /api/invoices/{id}/pay: where to pay one of the caller's open invoices. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.checkoutsPerAccount }, async (r) => {
		const result = await payInvoice(r.admin, r.customer, context.params.id ?? '', r.body.method, {
			origin: siteOrigin(),
			locale: r.locale,
		});
		if (result === 'not_found') return apiError(404, result, 'invoices.error.notFound', r.locale);
		if (result === 'method_unavailable')
			return apiError(422, result, 'services.upgrade.error.method_unavailable', r.locale);
		if (result === 'not_payable')
			return apiError(409, result, 'invoices.pay.error.notOpen', r.locale);
		return json(201, result);
	});
