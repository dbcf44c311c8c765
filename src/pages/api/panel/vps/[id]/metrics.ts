import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, callerLocale } from '~/server/http/api';
import { customerRead } from '~/server/http/customer-read';
import { adminClient } from '~/server/supabase/admin-client';
import { vpsMetrics } from '~/server/vps-panel/queries';

export const prerender = false;

const timeframe = z.enum(['hour', 'day']);

/** GET /api/panel/vps/{id}/metrics?timeframe=hour|day: the graphs' series, oldest point first. */
export const GET: APIRoute = (context) => {
	const asked = timeframe.safeParse(context.url.searchParams.get('timeframe') ?? 'hour');
	if (!asked.success)
		return Promise.resolve(
			apiError(400, 'invalid_query', 'api.error.badRequest', callerLocale(context)),
		);
	return customerRead(
		context,
		{ notFound: 'vps.page.error.not_found', failure: 'vps.page.error.hypervisor_unavailable' },
		async ({ customer }) => {
			const admin = adminClient();
			if (!admin) throw new Error('the service role is not configured');
			const points = await vpsMetrics(admin, customer, context.params.id ?? '', asked.data);
			return points && { timeframe: asked.data, points };
		},
	);
};
