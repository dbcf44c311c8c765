import type { APIContext } from 'astro';
import type { z } from 'zod';
import { apiError, json } from '../http/api';
import { customerRoute, type CustomerRequest } from '../http/customer-route';
import { runVpsAction, type VpsAction, type VpsCaller } from './guard';
import { vpsRefusals } from './refusals';

/** The request's access token: its bearer, else the cookie session's (already checked by the door). */
async function accessTokenOf(context: APIContext): Promise<string | null> {
	const bearer = /^Bearer\s+(\S+)$/i.exec(context.request.headers.get('authorization') ?? '')?.[1];
	if (bearer) return bearer;
	const { data } = (await context.locals.supabase?.auth.getSession()) ?? { data: null };
	return data?.session?.access_token ?? null;
}

/**
 * The door of every VPS action route (`/api/services/{id}/…`): the customer door (signed in, a
 * valid body), then the Rules (guard.ts) around `action`; a refusal is its status and message in
 * the caller's language, a success `answer(result)` as JSON.
 */
export function vpsActionRoute<B extends { locale?: string }, T>(
	context: APIContext,
	body: z.ZodType<B>,
	action: (request: CustomerRequest<B>) => VpsAction<T>,
	answer: (result: T) => unknown = (result) => result,
): Promise<Response> {
	return customerRoute(context, { body }, async (r) => {
		const caller: VpsCaller = { customer: r.customer, accessToken: await accessTokenOf(context) };
		const result = await runVpsAction(r.admin, caller, context.params.id ?? '', action(r));
		if (typeof result !== 'string') return json(200, answer(result.ok));
		const { status, message } = vpsRefusals[result];
		return apiError(status, result, message, r.locale);
	});
}
