import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { startCardSetup } from '~/server/payment-methods/actions';
import { limits } from '~/server/rate-limit/limits';
import { logger } from '~/server/log/logger';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/payment-methods/setup: where the customer saves a card at the gateway, unpaid. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.savedCardChangesPerAccount }, async (r) => {
		try {
			const back = { origin: siteOrigin(), locale: r.locale };
			return json(201, { setupUrl: await startCardSetup(r.admin, r.customer, back) });
		} catch (error) {
			logger.error('no setup page from the gateway', { error });
			return apiError(503, 'unavailable', 'paymentMethods.error.unavailable', r.locale);
		}
	});
