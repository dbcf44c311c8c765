import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { deleteSshKey } from '~/server/ssh-keys/actions';
import { sshKeyRefusals } from '~/server/ssh-keys/refusals';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/ssh-keys/{id}/delete: forget a saved key (machines that have it keep it). */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.sshKeyChangesPerAccount }, async (r) => {
		const result = await deleteSshKey(r.admin, r.customer.id, context.params.id ?? '');
		if (result === true) return json(200, { ok: true });
		const { status, message } = sshKeyRefusals[result];
		return apiError(status, result, message, r.locale);
	});
