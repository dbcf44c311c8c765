import type { APIRoute } from 'astro';
import { z } from 'zod';
import { referralCode, referralCookieName, referralCookieOptions } from '~/lib/affiliate/referral';
import { apiError, callerLocale, readJsonBody } from '~/server/http/api';

export const prerender = false;

const body = z.object({ code: z.string().max(64) });

/**
 * POST /api/affiliate/referral {code}: the visitor allowed the partner's cookie (the notice on the
 * page they arrived on). 204 with the cookie; whether the code belongs to anyone is not said (the
 * sign-up ignores codes nobody has).
 */
export const POST: APIRoute = async (context) => {
	const locale = callerLocale(context);
	const read = await readJsonBody(context.request, body, locale, 1024);
	if (!read.ok) return read.response;
	const code = referralCode(read.value.code);
	if (!code) return apiError(400, 'invalid_code', 'referral.error.code', locale);
	context.cookies.set(
		referralCookieName,
		code,
		referralCookieOptions(context.url.protocol === 'https:'),
	);
	return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
};
