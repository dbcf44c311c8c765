import type { APIRoute } from 'astro';
import { z } from 'zod';
import { payInvoices } from '~/server/billing/bundle';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { paymentMethodSchema } from '~/lib/domain/payment-method';

export const prerender = false;

const body = z.object({
	invoiceIds: z.array(z.uuid()).min(1).max(20),
	method: paymentMethodSchema,
	locale: z.string().optional(),
});

/** POST /api/invoices/pay: one payment for several of the customer's open invoices. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.checkoutsPerAccount }, async (r) => {
		const result = await payInvoices(r.admin, r.customer, r.body.invoiceIds, r.body.method, {
			origin: siteOrigin(),
			locale: r.locale,
			returnPath: '/panel/billing',
		});
		if (typeof result !== 'string') return json(201, result);
		return result === 'method_unavailable'
			? apiError(422, result, 'services.upgrade.error.method_unavailable', r.locale)
			: apiError(409, result, `invoices.pay.error.${result}`, r.locale);
	});
