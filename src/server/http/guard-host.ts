import type { APIContext } from 'astro';
import { callerLocale } from './api';
import { acceptsHost } from '../config/site-origin';
import { splitLocale, useTranslations } from '../../i18n';
import { logger } from '../log/logger';

/**
 * The middleware's refusal of a request for a host that is not the site's: 421 Misdirected Request,
 * a line of text in the visitor's language, before any route runs. The site server sends such
 * requests here rather than serving a file, so pages, files and the API are refused alike.
 */
export function refuseForeignHost(context: APIContext): Response | undefined {
	const { request, url } = context;
	const host = request.headers.get('host');
	if (acceptsHost(host, { method: request.method, path: url.pathname })) return undefined;
	logger.warn('foreign host refused', { path: url.pathname, host });
	const { locale: fromPath } = splitLocale(url.pathname);
	const locale = fromPath === 'en' ? callerLocale(context) : fromPath;
	return new Response(useTranslations(locale)('error.foreignHost'), {
		status: 421,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	});
}
