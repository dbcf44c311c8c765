import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { subdomainRefusals } from '~/server/servers/refusals';
import { changeSubdomain } from '~/server/servers/subdomain-change';

export const prerender = false;

const body = z.object({ subdomain: z.string().max(100), locale: z.string().optional() });

/**
 * POST /api/services/{id}/subdomain { subdomain }: sets or changes the label of a server's own
 * subdomain → 200 { label, address, dns }; the same rules and refusals as checkout.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const result = await changeSubdomain(
			r.admin,
			r.customer,
			context.params.id ?? '',
			r.body.subdomain,
		);
		if (typeof result !== 'string') return json(200, result);
		const { status, message } = subdomainRefusals[result];
		return apiError(status, result, message, r.locale);
	});
