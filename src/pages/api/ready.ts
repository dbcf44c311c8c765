import type { APIRoute } from 'astro';
import { sharedReadiness } from '~/server/health';
import { json } from '~/server/http/api';

export const prerender = false;

/**
 * Readiness: 200 when the database, payment gateway, game panel and mailer all answer, else 503,
 * with each part's result either way (src/server/health/README.md).
 */
export const GET: APIRoute = async () => {
	const result = await sharedReadiness();
	return json(result.status === 'ready' ? 200 : 503, result);
};
