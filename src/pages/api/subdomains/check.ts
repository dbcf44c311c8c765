import type { APIRoute } from 'astro';
import { z } from 'zod';
import { normalizeSubdomain } from '~/lib/subdomain';
import { apiError, callerLocale, json, readJsonBody, tooManyRequests } from '~/server/http/api';
import { getDns } from '~/server/dns';
import { clientAddressOf } from '~/server/http/request-address';
import { limits } from '~/server/rate-limit/limits';
import { subdomainRefusals } from '~/server/servers/refusals';
import { subdomainRefusal } from '~/server/subdomains/subdomain';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

const body = z.object({ subdomain: z.string().max(100), locale: z.string().optional() });

/**
 * POST { subdomain } → 200 { subdomain, available: true, name: 'label.<zone>' }, or the refusal checkout would give
 * (422 invalid or reserved, 409 taken) in the caller's language: the configurator and cart say so
 * before paying. Checks per client address are limited; the order itself is checked again.
 */
export const POST: APIRoute = async (context) => {
	const read = await readJsonBody(context.request, body, callerLocale(context));
	if (!read.ok) return read.response;
	const locale = callerLocale(context, read.value.locale);
	const verdict = await limits.subdomainChecksPerAddress.hit(clientAddressOf(context));
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const refusal = await subdomainRefusal(admin, read.value.subdomain);
	if (!refusal) {
		const subdomain = normalizeSubdomain(read.value.subdomain);
		return json(200, { subdomain, available: true, name: `${subdomain}.${getDns().zone}` });
	}
	const { status, message } = subdomainRefusals[refusal];
	return apiError(status, refusal, message, locale);
};
