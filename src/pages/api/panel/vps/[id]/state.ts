import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { adminClient } from '~/server/supabase/admin-client';
import { vpsLive } from '~/server/vps-panel/queries';

export const prerender = false;

/** GET /api/panel/vps/{id}/state: the machine's state and uptime, polled after a power action. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'vps.page.error.not_found', failure: 'vps.page.error.hypervisor_unavailable' },
		async ({ customer }) => {
			const admin = adminClient();
			if (!admin) throw new Error('the service role is not configured');
			return vpsLive(admin, customer, context.params.id ?? '');
		},
	);
