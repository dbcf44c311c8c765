import type { APIContext } from 'astro';
import type { z } from 'zod';
import type { Locale, UiKey } from '../../i18n';
import { allTextStorable } from '../../lib/security/text';
import { apiError, callerLocale, json, tooManyRequests } from '../http/api';
import { callerOf } from '../http/caller';
import { logger } from '../log/logger';
import {
	getModpackSource,
	ModpackError,
	ModpackRefusedError,
	ModpackUnavailableError,
	type ModpackRefusal,
	type ModpackSource,
} from '../modpacks';
import { limits } from '../rate-limit/limits';

/** The customer's words for each query field the schema refused (any other: the search's). */
const fieldMessages: Record<string, UiKey> = {
	q: 'modpacks.error.queryTooLong',
	loader: 'modpacks.error.badLoader',
	gameVersion: 'modpacks.error.badGameVersion',
	id: 'modpacks.error.badId',
};

/** Each refusal of the source as the API answers it: `modpack_<reason>`, its status, its words. */
const refusals: Record<ModpackRefusal, [number, UiKey]> = {
	not_found: [404, 'modpacks.error.notFound'],
	not_modpack: [422, 'modpacks.error.notModpack'],
	no_server_pack: [422, 'modpacks.error.noServerPack'],
	unsupported_loader: [422, 'modpacks.error.unsupportedLoader'],
	bad_pack: [422, 'modpacks.error.badPack'],
};

function refused(error: ModpackRefusedError, locale: Locale): Response {
	const [status, message] = refusals[error.reason];
	return apiError(status, `modpack_${error.reason}`, message, locale);
}

/**
 * The door of the modpack installer's reads (`GET /api/modpacks`, `…/{id}/versions`): a query
 * free of unstorable text, signed in (any customer: the search is the same for all), within the
 * customer's limit (each read may reach Modrinth, whose budget the shop shares), the query and
 * the route's params valid by `schema` (else 400 naming the field, in the caller's language),
 * then `read` against the configured source. The source unavailable (or misconfigured) is a 503
 * with `Retry-After` when it said; a pack it refuses is 404/422 with the reason.
 */
export async function modpackRead<T>(
	context: APIContext,
	schema: z.ZodType<T>,
	read: (input: T, source: ModpackSource) => Promise<unknown>,
): Promise<Response> {
	const params = context.url.searchParams;
	const locale = callerLocale(context, params.get('locale'));
	if (!allTextStorable([...params].flat()))
		return apiError(400, 'invalid_text', 'api.error.invalidText', locale);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = await limits.modpackReadsPerAccount.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const parsed = schema.safeParse({ ...Object.fromEntries(params), ...context.params });
	if (!parsed.success) {
		const field = String(parsed.error.issues[0]?.path[0] ?? 'q');
		return apiError(
			400,
			'invalid_request',
			fieldMessages[field] ?? 'modpacks.error.queryTooLong',
			locale,
		);
	}
	try {
		return json(200, await read(parsed.data, getModpackSource()), {
			'Cache-Control': 'private, no-store',
		});
	} catch (error) {
		if (error instanceof ModpackRefusedError) return refused(error, locale);
		if (!(error instanceof ModpackError)) {
			logger.error('modpack read failed', { path: context.url.pathname, error });
			return apiError(500, 'read_failed', 'panel.error.generic', locale);
		}
		// Unavailable, misconfigured, or a request Modrinth refused: the customer can only wait.
		logger.warn('modpack source unavailable', { path: context.url.pathname, error });
		const wait = error instanceof ModpackUnavailableError ? error.retryAfterMs : null;
		return apiError(503, 'modpack_source_unavailable', 'modpacks.error.unavailable', locale, {
			...(wait === null ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))) }),
		});
	}
}
