import type { APIRoute } from 'astro';
import { unprefixedEnglishPath } from '~/i18n/paths';

export const prerender = false;

/** English lives at the unprefixed paths; `/en/...` is only ever a permanent redirect there. */
export const ALL: APIRoute = ({ url }) =>
	new Response(null, {
		status: 301,
		headers: { Location: unprefixedEnglishPath(url.pathname) + url.search },
	});
