import type { APIContext } from 'astro';
import type { z } from 'zod';
import {
	isLocale,
	localeCookie,
	splitLocale,
	useTranslations,
	type Locale,
	type UiKey,
} from '../../i18n';
import { exceedsJsonDepth } from '@frostnode/json-depth';
import { allTextStorable } from '../../lib/security/text';
import type { Verdict } from '../rate-limit/limiter';
import { bodyField, readCappedText } from './body';

/**
 * The conventions of every JSON endpoint: errors as `{ error: { code, message } }` with the
 * message in the caller's language, bodies read with a size and nesting cap and checked by a
 * schema, and the standard 429 with `Retry-After`.
 */
const maxBodyBytes = 64 * 1024;
const maxDepth = 32;

/** The caller's language: the page's locale if named, else the remembered one, else English. */
export function callerLocale(
	context: Pick<APIContext, 'cookies' | 'request'>,
	named?: unknown,
): Locale {
	if (isLocale(named)) return named;
	const remembered = context.cookies.get(localeCookie)?.value;
	if (isLocale(remembered)) return remembered;
	const referer = context.request.headers.get('referer');
	if (referer) {
		try {
			return splitLocale(new URL(referer).pathname).locale;
		} catch {
			// an unreadable Referer says nothing about the language
		}
	}
	return 'en';
}

export function json(
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'no-store',
			...headers,
		},
	});
}

export function apiError(
	status: number,
	code: string,
	message: UiKey,
	locale: Locale,
	headers: Record<string, string> = {},
): Response {
	return json(status, { error: { code, message: useTranslations(locale)(message) } }, headers);
}

export function tooManyRequests(verdict: Verdict & { ok: false }, locale: Locale): Response {
	return apiError(429, 'rate_limited', 'api.error.rateLimited', locale, {
		'Retry-After': String(verdict.retryAfterSeconds),
	});
}

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * Reads and validates a JSON body; anything else is a 400 (or 413) that changes nothing. Text no
 * field can hold (NUL, lone surrogates: src/lib/security/text.ts) is refused here, for every
 * field of every JSON route at once.
 */
export async function readJsonBody<T>(
	request: Request,
	schema: z.ZodType<T>,
	locale: Locale,
	maxBytes = maxBodyBytes,
	/** A clearer answer for some invalid fields (say, missing billing details); else invalid_body. */
	explain?: (issues: z.core.$ZodIssue[], raw: unknown) => Response | undefined,
): Promise<BodyResult<T>> {
	const read = await readCappedText(request, maxBytes);
	if (!read.ok)
		return {
			ok: false,
			response:
				read.problem === 'too_large'
					? apiError(413, 'body_too_large', 'api.error.tooLarge', locale)
					: apiError(400, 'invalid_body', 'api.error.badRequest', locale),
		};
	if (exceedsJsonDepth(read.text, maxDepth))
		return { ok: false, response: apiError(400, 'invalid_body', 'api.error.badRequest', locale) };
	let raw: unknown;
	try {
		raw = JSON.parse(read.text);
	} catch {
		return { ok: false, response: apiError(400, 'invalid_body', 'api.error.badRequest', locale) };
	}
	// A body that names its language is answered in it, even when it is refused.
	const named = bodyField(raw, 'locale');
	if (isLocale(named)) locale = named;
	if (!allTextStorable(raw))
		return { ok: false, response: apiError(400, 'invalid_text', 'api.error.invalidText', locale) };
	const parsed = schema.safeParse(raw);
	if (parsed.success) return { ok: true, value: parsed.data };
	return {
		ok: false,
		response:
			explain?.(parsed.error.issues, raw) ??
			apiError(400, 'invalid_body', 'api.error.badRequest', locale),
	};
}
