import { header } from './types.ts';
import type { ApiRequest, ApiResponse } from './types.ts';

// CORS as each hosted service answers it: GoTrue allows any origin with credentials and exposes its
// pagination and API-version headers; PostgREST allows any origin and exposes Content-Range & co.
// Browsers only read the exposed headers, so getting these lists right is what makes
// `count`, listUsers pagination and error codes work from a page.

export type Service = 'auth' | 'rest';

const DEFAULT_ALLOWED_HEADERS =
	'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept, accept-profile, content-profile, range, range-unit, x-retry-count, traceparent';

const SERVICE_HEADERS: Record<Service, { methods: string; expose: string }> = {
	auth: {
		methods: 'GET, POST, PUT, PATCH, DELETE',
		expose: 'X-Total-Count, Link, X-Supabase-Api-Version',
	},
	rest: {
		methods: 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
		expose:
			'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit',
	},
};

export function corsHeaders(service: Service, request: ApiRequest): Record<string, string> {
	const origin = header(request, 'origin');
	if (!origin) return {};
	return {
		'Access-Control-Allow-Origin': service === 'auth' ? origin : '*',
		...(service === 'auth' ? { 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : {}),
		'Access-Control-Expose-Headers': SERVICE_HEADERS[service].expose,
	};
}

export function preflight(service: Service, request: ApiRequest): ApiResponse {
	const requested = header(request, 'access-control-request-headers');
	return {
		status: service === 'auth' ? 204 : 200,
		headers: {
			...corsHeaders(service, request),
			'Access-Control-Allow-Methods': SERVICE_HEADERS[service].methods,
			'Access-Control-Allow-Headers': requested ?? DEFAULT_ALLOWED_HEADERS,
			'Access-Control-Max-Age': '86400',
		},
	};
}
