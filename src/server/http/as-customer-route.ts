import type { APIContext } from 'astro';
import type { z } from 'zod';
import { logger } from '../log/logger';
import type { RateLimiter } from '../rate-limit/limiter';
import { bearerClient, type CustomerClient } from '../supabase/customer-client';
import { apiError } from './api';
import { customerRoute, type CustomerRequest } from './customer-route';

// The door of a write that runs as the customer rather than with the service role: customerRoute's
// checks (signed in, rate limit, body), then a client acting as the customer, so the database's
// own rules (policies, auth.uid() in the functions) decide ownership.

export interface AsCustomerRequest<T> extends CustomerRequest<T> {
	client: CustomerClient;
}

/** The caller's own client: the bearer token's, else the session cookie's. */
function customerClientOf(context: APIContext): CustomerClient | null {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	return bearer ? bearerClient(bearer) : (context.locals.supabase ?? null);
}

export function asCustomerRoute<T extends { locale?: string }>(
	context: APIContext,
	options: { body: z.ZodType<T>; maxBytes?: number; limit?: RateLimiter },
	handle: (request: AsCustomerRequest<T>) => Promise<Response>,
): Promise<Response> {
	return customerRoute(context, options, async (request) => {
		const client = customerClientOf(context);
		if (!client) return apiError(503, 'unavailable', 'panel.error.generic', request.locale);
		try {
			return await handle({ ...request, client });
		} catch (error) {
			logger.error('customer write failed', { path: context.url.pathname, error });
			return apiError(500, 'write_failed', 'panel.error.generic', request.locale);
		}
	});
}
