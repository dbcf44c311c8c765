import type { APIRoute } from 'astro';
import { quoteUpgrade } from '~/server/billing/upgrade/upgrade-quote';
import { upgradeBody, upgradeRefusal } from '~/server/billing/upgrade/upgrade-request';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';

export const prerender = false;

/** POST /api/services/{id}/upgrade/quote: what an upgrade costs today, line by line. Writes nothing. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body: upgradeBody }, async (r) => {
		const { ram, storageGb, extras } = r.body;
		const quote = await quoteUpgrade(
			r.admin,
			r.customer.id,
			context.params.id ?? '',
			{ ram, storageGb, extras },
			new Date(),
		);
		if (typeof quote !== 'string') return json(200, quote);
		const { status, message } = upgradeRefusal(quote);
		return apiError(status, quote, message, r.locale);
	});
