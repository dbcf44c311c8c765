import type { APIRoute } from 'astro';
import { z } from 'zod';
import { checkCookieSession } from '~/server/http/assurance';
import { apiError, callerLocale, json, readJsonBody, tooManyRequests } from '~/server/http/api';
import { logger } from '~/server/log/logger';
import { limits } from '~/server/rate-limit/limits';
import { endSessions } from '~/server/sessions/actions';
import { listSessions } from '~/server/sessions/queries';

export const prerender = false;

/**
 * The Security tab's sessions. Only with the session cookie, and a complete one (two-factor code
 * given where the account has one): the list marks "this device" by the cookie's session, and
 * ending sessions acts as that signed-in customer.
 */
export const GET: APIRoute = async (context) => {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	const supabase = context.locals.supabase;
	const session = await checkCookieSession(supabase);
	if (!supabase || session.kind !== 'complete')
		return apiError(401, 'unauthenticated', 'sessions.error.signedOut', locale);
	try {
		return json(200, { sessions: await listSessions(supabase) });
	} catch (error) {
		logger.error('sessions not read', { error });
		return apiError(503, 'unavailable', 'sessions.error.unavailable', locale);
	}
};

const body = z.union([
	z.object({ action: z.literal('end'), sessionId: z.uuid(), locale: z.string().optional() }),
	z.object({ action: z.enum(['others', 'everywhere']), locale: z.string().optional() }),
]);

/** POST /api/panel/sessions: `{action: 'end', sessionId}`, `{action: 'others'}` or `{action: 'everywhere'}`. */
export const POST: APIRoute = async (context) => {
	let locale = callerLocale(context);
	const supabase = context.locals.supabase;
	const session = await checkCookieSession(supabase);
	if (!supabase || session.kind !== 'complete')
		return apiError(401, 'unauthenticated', 'sessions.error.signedOut', locale);
	const verdict = await limits.sessionEndsPerAccount.hit(session.user.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const read = await readJsonBody(context.request, body, locale, 1024);
	if (!read.ok) return read.response;
	locale = callerLocale(context, read.value.locale);
	const outcome = await endSessions(supabase, read.value);
	if (!outcome.ok) return apiError(outcome.status, outcome.code, outcome.message, locale);
	return json(200, { signedOut: outcome.signedOut });
};
