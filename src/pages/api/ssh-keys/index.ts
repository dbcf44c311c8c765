import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, callerLocale, json } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { addSshKey } from '~/server/ssh-keys/actions';
import { savedSshKeys } from '~/server/ssh-keys/queries';
import { sshKeyRefusals } from '~/server/ssh-keys/refusals';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/** GET /api/ssh-keys: the caller's saved SSH keys, newest first. */
export const GET: APIRoute = async (context) => {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	return json(
		200,
		{ keys: await savedSshKeys(admin, customer.id) },
		{ 'Cache-Control': 'no-store' },
	);
};

const body = z.object({
	name: z.string().max(200),
	publicKey: z.string().max(16_384),
	locale: z.string().optional(),
});

/** POST /api/ssh-keys: save a key under a name. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body, limit: limits.sshKeyChangesPerAccount, maxBytes: 20_000 },
		async (r) => {
			const result = await addSshKey(r.admin, r.customer.id, r.body);
			if (typeof result !== 'string') return json(200, result);
			const { status, message } = sshKeyRefusals[result];
			return apiError(status, result, message, r.locale);
		},
	);
