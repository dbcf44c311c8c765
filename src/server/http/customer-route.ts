import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import type { z } from 'zod';
import type { Locale } from '../../i18n';
import type { RateLimiter } from '../rate-limit/limiter';
import { adminClient, type AdminClient } from '../supabase/admin-client';
import { apiError, callerLocale, readJsonBody, tooManyRequests } from './api';
import { callerOf } from './caller';

export interface CustomerRequest<T> {
	customer: User;
	admin: AdminClient;
	/** The caller's language: the body's `locale` if it names one, else as callerLocale finds it. */
	locale: Locale;
	body: T;
}

/**
 * The door of a customer's JSON write: signed in (cookie or bearer) or 401, within the rate limit
 * or 429, a valid body or 400/413, the backend configured or 503, each answered in the caller's
 * language. `handle` runs only past all of them.
 */
export async function customerRoute<T extends { locale?: string }>(
	context: APIContext,
	options: { body: z.ZodType<T>; maxBytes?: number; limit?: RateLimiter },
	handle: (request: CustomerRequest<T>) => Promise<Response>,
): Promise<Response> {
	let locale = callerLocale(context);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = await options.limit?.hit(customer.id);
	if (verdict && !verdict.ok) return tooManyRequests(verdict, locale);
	const read = await readJsonBody(context.request, options.body, locale, options.maxBytes ?? 4096);
	if (!read.ok) return read.response;
	locale = callerLocale(context, read.value.locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	return handle({ customer, admin, locale, body: read.value });
}
