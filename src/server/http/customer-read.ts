import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import type { Locale, UiKey } from '../../i18n';
import { allTextStorable } from '../../lib/security/text';
import { bearerClient, type CustomerClient } from '../supabase/customer-client';
import { apiError, callerLocale, json } from './api';
import { callerOf } from './caller';
import { logger } from '../log/logger';

export interface CustomerReadRequest {
	customer: User;
	/** Acts as the customer: row-level security applies to everything it reads. */
	client: CustomerClient;
	locale: Locale;
}

/**
 * The door of a panel read (GET): a query free of unstorable text (src/lib/security/text.ts) or
 * 400, signed in (cookie or bearer) or 401; `read` answers the body
 * or null for "not found" (a missing row and another customer's look the same). A read that
 * fails is logged and answered with `failure`, in the caller's language, never with its detail.
 */
export async function customerRead(
	context: APIContext,
	messages: { notFound: UiKey; failure: UiKey },
	read: (request: CustomerReadRequest) => Promise<unknown>,
): Promise<Response> {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	// A search box is a text field too: NUL reached Postgres and failed the read (a 500).
	if (!allTextStorable([...context.url.searchParams].flat()))
		return apiError(400, 'invalid_text', 'api.error.invalidText', locale);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const bearer = /^Bearer\s+(\S+)$/i.exec(context.request.headers.get('authorization') ?? '')?.[1];
	const client = bearer ? bearerClient(bearer) : context.locals.supabase;
	if (!client) return apiError(503, 'unavailable', messages.failure, locale);
	try {
		const body = await read({ customer, client, locale });
		return body === null
			? apiError(404, 'not_found', messages.notFound, locale)
			: json(200, body, { 'Cache-Control': 'private, no-store' });
	} catch (error) {
		logger.error('panel read failed', { path: context.url.pathname, error });
		return apiError(500, 'read_failed', messages.failure, locale);
	}
}
