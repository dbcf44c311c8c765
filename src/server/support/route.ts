import type { APIContext } from 'astro';
import type { z } from 'zod';
import type { UiKey } from '../../i18n';
import { apiError, json } from '../http/api';
import { customerRoute, type CustomerRequest } from '../http/customer-route';
import type { RateLimiter } from '../rate-limit/limiter';
import { bearerClient, type CustomerClient } from '../supabase/customer-client';
import type { Changed, Refusal } from './actions';
import { logger } from '../log/logger';

// The door of a ticket write: customerRoute's checks (signed in, rate limit, body), then a
// client acting as the customer. Ticket writes run as the customer rather than with the service
// role, so the database's own rules (policies, auth.uid() in the functions) decide ownership and
// that a customer writes only as the customer.

export interface TicketRequest<T> extends CustomerRequest<T> {
	client: CustomerClient;
}

/** The caller's own client: the bearer token's, else the session cookie's. */
function customerClientOf(context: APIContext): CustomerClient | null {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	return bearer ? bearerClient(bearer) : (context.locals.supabase ?? null);
}

export function ticketRoute<T extends { locale?: string }>(
	context: APIContext,
	options: { body: z.ZodType<T>; maxBytes?: number; limit?: RateLimiter },
	handle: (request: TicketRequest<T>) => Promise<Response>,
): Promise<Response> {
	return customerRoute(context, options, async (request) => {
		const client = customerClientOf(context);
		if (!client) return apiError(503, 'unavailable', 'panel.error.generic', request.locale);
		try {
			return await handle({ ...request, client });
		} catch (error) {
			logger.error('support request failed', { path: context.url.pathname, error });
			return apiError(500, 'write_failed', 'panel.error.generic', request.locale);
		}
	});
}

const refusals: Record<Refusal, { status: number; message: UiKey }> = {
	missing_fields: { status: 400, message: 'auth.error.missingFields' },
	subject_too_short: { status: 400, message: 'support.error.subjectShort' },
	too_long: { status: 400, message: 'support.error.tooLong' },
	invalid_service: { status: 422, message: 'support.error.service' },
};

/** A refused form, in the caller's language. */
export function refused(refusal: Refusal, locale: TicketRequest<unknown>['locale']): Response {
	const { status, message } = refusals[refusal];
	return apiError(status, refusal, message, locale);
}

/** A change's answer: the ticket's new status, or the one 404 for any ticket not the caller's. */
export function changed(result: Changed, locale: TicketRequest<unknown>['locale']): Response {
	return result === 'not_found'
		? apiError(404, 'not_found', 'support.error.notFound', locale)
		: json(200, result);
}
