import type { APIRoute } from 'astro';
import { provisioningBody, moveProvisioning } from '~/server/staff/services/provisioning';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/services/{id}/provisioning with `{ outcome: retry | give_up, requestId }`, for a stuck set-up. */
export const POST: APIRoute = (context) =>
	staffWrite(context, provisioningBody, (request) =>
		moveProvisioning(request, context.params.id ?? ''),
	);
