import type { APIContext } from 'astro';
import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import { allTextStorable } from '../../lib/security/text';
import { apiError, callerLocale, tooManyRequests } from '../http/api';
import { callerOf } from '../http/caller';
import { readCappedText } from '../http/body';
import { limits } from '../rate-limit/limits';
import { adminClient, type AdminClient } from '../supabase/admin-client';

export interface ToolRequest {
	customer: User;
	admin: AdminClient;
	locale: Locale;
}

/**
 * The door of the backups and files routes that take no JSON body (reads, and the editor's PUT of
 * raw text): a query free of unstorable text, signed in, within the customer's limit (reads
 * looser than writes), the backend configured. JSON writes use `customerRoute` with the writes'
 * limit; the middleware has refused another origin's write before either runs.
 */
export async function toolDoor(
	context: APIContext,
	kind: 'read' | 'write',
	handle: (request: ToolRequest) => Promise<Response>,
): Promise<Response> {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	if (!allTextStorable([...context.url.searchParams].flat()))
		return apiError(400, 'invalid_text', 'api.error.invalidText', locale);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const limit = kind === 'read' ? limits.gameToolReadsPerAccount : limits.gameToolWritesPerAccount;
	const verdict = await limit.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	return handle({ customer, admin, locale });
}

/** The editor's text body, at most `maxBytes`; past it, null (the route answers 413). */
export async function textBody(request: Request, maxBytes: number): Promise<string | null> {
	const read = await readCappedText(request, maxBytes);
	return read.ok ? read.text : null;
}
