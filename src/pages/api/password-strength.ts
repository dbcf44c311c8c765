import type { APIRoute } from 'astro';
import { z } from 'zod';
import { passwordReasonTexts } from '~/components/auth/password-reasons';
import { personalWords } from '~/server/auth/new-password';
import { passwordProblems } from '~/server/auth/password-strength';
import { callerLocale, json, readJsonBody, tooManyRequests } from '~/server/http/api';
import { clientAddressOf } from '~/server/http/request-address';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({
	password: z.string().max(200),
	personal: z.array(z.string().max(320)).max(5).default([]),
	locale: z.string().optional(),
});

/**
 * Live feedback while someone types a new password: the same policy the form is judged by on
 * submit, so the page never calls a password fine that the server then refuses. Never stored.
 */
export const POST: APIRoute = async (context) => {
	const read = await readJsonBody(context.request, body, callerLocale(context));
	if (!read.ok) return read.response;
	const locale = callerLocale(context, read.value.locale);
	const verdict = await limits.passwordChecksPerAddress.hit(clientAddressOf(context));
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const signedIn =
		context.locals.user ?? (await context.locals.supabase?.auth.getUser())?.data.user;
	const reasons = passwordProblems(read.value.password, [
		...read.value.personal,
		...personalWords(signedIn),
	]);
	return json(200, { ok: reasons.length === 0, reasons: passwordReasonTexts(locale, reasons) });
};
