import type { APIRoute } from 'astro';
import { orderUpgrade } from '~/server/billing/upgrade/upgrade';
import { upgradeBody, upgradeRefusal } from '~/server/billing/upgrade/upgrade-request';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** POST /api/services/{id}/upgrade: orders the upgrade and answers where to pay for it. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body: upgradeBody, limit: limits.checkoutsPerAccount }, async (r) => {
		const { ram, storageGb, extras, method = 'card' } = r.body;
		const result = await orderUpgrade(
			r.admin,
			r.customer,
			context.params.id ?? '',
			{ ram, storageGb, extras },
			method,
			{ origin: siteOrigin(), locale: r.locale, now: new Date() },
		);
		if (typeof result !== 'string') return json(201, result);
		const { status, message } = upgradeRefusal(result);
		return apiError(status, result, message, r.locale);
	});
