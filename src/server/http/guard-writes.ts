import type { APIContext } from 'astro';
import { callerLocale, json } from './api';
import { isCrossOriginWrite } from './same-origin';
import { siteHosts, siteOrigins } from '../config/site-origin';
import { useTranslations } from '../../i18n';
import { logger } from '../log/logger';

/**
 * The middleware's refusal of a write from another origin: 403, in the visitor's language, as
 * JSON for the API and as text for forms, before any route runs. Nothing is read or changed.
 * The site's own origins are its configured hosts, with the configured scheme or the one the
 * request came over (`https` when a trusted proxy says so); never the host the request names.
 */
export function refuseCrossOriginWrite(context: APIContext): Response | undefined {
	const { request, url } = context;
	const own = [...siteOrigins(), ...siteHosts().map((host) => `${url.protocol}//${host}`)];
	if (!isCrossOriginWrite(request, own)) return undefined;
	logger.warn('cross-origin write refused', {
		path: url.pathname,
		origin: request.headers.get('origin') ?? request.headers.get('sec-fetch-site'),
	});
	const locale = callerLocale(context);
	const message = useTranslations(locale)('error.crossOrigin');
	if (url.pathname.startsWith('/api/'))
		return json(403, { error: { code: 'cross_origin', message } });
	return new Response(message, {
		status: 403,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	});
}
