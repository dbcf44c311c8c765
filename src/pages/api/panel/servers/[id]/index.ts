import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { serverSoftware } from '~/server/minecraft-software/queries';
import { serverDetail } from '~/server/servers/queries';

export const prerender = false;

/**
 * GET /api/panel/servers/{id}: the server page's data in one answer, a Minecraft server's
 * software, pack and latest change included; 404 for anyone else.
 */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'servers.error.not_found', failure: 'panel.error.generic' },
		async (r) => {
			const id = context.params.id ?? '';
			const [detail, software] = await Promise.all([
				serverDetail(r.client, r.customer.id, id),
				serverSoftware(r.client, id, r.locale),
			]);
			return detail && { ...detail, ...software };
		},
	);
