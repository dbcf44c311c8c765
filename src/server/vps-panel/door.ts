import type { APIContext } from 'astro';
import type { z } from 'zod';
import type { Locale } from '../../i18n';
import { apiError, json } from '../http/api';
import { customerRoute, type CustomerRequest } from '../http/customer-route';
import type { VpsCaller, VpsRefusal } from './guard';
import { vpsRefusals } from './refusals';

/** The request's access token: its bearer, else the cookie session's (already checked by the door). */
export async function accessTokenOf(context: APIContext): Promise<string | null> {
	const bearer = /^Bearer\s+(\S+)$/i.exec(context.request.headers.get('authorization') ?? '')?.[1];
	if (bearer) return bearer;
	const { data } = (await context.locals.supabase?.auth.getSession()) ?? { data: null };
	return data?.session?.access_token ?? null;
}

/** A guarded action's outcome as the answer: its result as JSON, or the refusal translated. */
export function vpsAnswer<T>(result: { ok: T } | VpsRefusal, locale: Locale): Response {
	if (typeof result !== 'string') return json(200, result.ok);
	const { status, message } = vpsRefusals[result];
	return apiError(status, result, message, locale);
}

/**
 * The door of every VPS action route (`/api/services/{id}/…`): the customer door (signed in, a
 * valid body), then `run`, which calls its action under the Rules (guard.ts) with the caller.
 */
export function vpsActionRoute<B extends { locale?: string }, T>(
	context: APIContext,
	body: z.ZodType<B>,
	run: (request: CustomerRequest<B>, caller: VpsCaller) => Promise<{ ok: T } | VpsRefusal>,
): Promise<Response> {
	return customerRoute(context, { body }, async (r) => {
		const caller: VpsCaller = { customer: r.customer, accessToken: await accessTokenOf(context) };
		return vpsAnswer(await run(r, caller), r.locale);
	});
}
