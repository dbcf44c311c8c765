import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { serverSoftware } from '~/server/minecraft-software/queries';
import { serverDetail } from '~/server/servers/queries';
import { locationName } from '~/lib/locations/label';

export const prerender = false;

/**
 * GET /api/panel/servers/{id}: the server page's data in one answer, a Minecraft server's
 * software, pack and latest change included, and where it runs (`location`, and its name); 404
 * for anyone else.
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
			// Where it runs, named in the caller's language beside its id.
			return (
				detail && { ...detail, ...software, locationName: locationName(detail.location, r.locale) }
			);
		},
	);
