import type { APIRoute } from 'astro';
import type { UiKey } from '~/i18n';
import { sizesAsked, type LocationsQueryRefusal } from '~/lib/locations/query';
import { apiError, callerLocale, json, tooManyRequests } from '~/server/http/api';
import { clientAddressOf } from '~/server/http/request-address';
import { locationsAnswer } from '~/server/locations/queries';
import { limits } from '~/server/rate-limit/limits';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

const refusals: Record<LocationsQueryRefusal, UiKey> = {
	unknown_product: 'locations.error.unknown_product',
	unknown_plan: 'checkout.error.unknown_plan',
	invalid_ram: 'checkout.error.invalid_ram',
	unknown_storage: 'checkout.error.unknown_storage',
};

/**
 * GET /api/locations?product=&plan=&ram=&storage=&lang= → 200 { locations: [{ id, city, country,
 * countryName, products, full, fullFor }] } (docs/checkout.md): where a server can run and whether
 * it has room now. Public; each read asks the adapters, so reads are limited per client and never
 * cached. A product, plan, RAM or storage the catalogue does not offer is a 422 in the caller's
 * language (`?lang=` or `?locale=`, else the site's detection).
 */
export const GET: APIRoute = async (context) => {
	const params = context.url.searchParams;
	const locale = callerLocale(context, params.get('lang') ?? params.get('locale'));
	const sizes = sizesAsked(params);
	if (typeof sizes === 'string') return apiError(422, sizes, refusals[sizes], locale);
	const verdict = await limits.locationChecksPerAddress.hit(clientAddressOf(context));
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	return json(200, await locationsAnswer(admin, locale, sizes));
};
