import type { APIContext } from 'astro';
import { z } from 'zod';
import type { Json } from '../../lib/database.types';
import type { Locale } from '../../i18n';
import { apiError, callerLocale, json, readJsonBody, tooManyRequests } from '../http/api';
import { siteOrigin } from '../config/site-origin';
import { logger } from '../log/logger';
import { limits } from '../rate-limit/limits';
import { adminClient, type AdminClient } from '../supabase/admin-client';
import { recordStaffAction, type AuditEntry } from './audit';
import type { Staff } from './door';

export interface StaffRequest<T> {
	staff: Staff;
	admin: AdminClient;
	locale: Locale;
	body: T;
	/** The site's origin, for links in mails to the customer. */
	origin: string;
}

/**
 * What a staff write answers: the status and JSON body, and the audit entry when it changed
 * something (a refusal changes nothing and leaves none).
 */
export interface StaffOutcome {
	status: number;
	body: Json;
	audit?: AuditEntry;
}

/** Every staff write names its request: a repeat (a double click, a retried POST) is answered once. */
const requestIdSchema = z.object({ requestId: z.uuid() });

/**
 * The door of every staff write (/api/staff/*, POST): the guard in the middleware has already
 * made sure this is staff with two-factor sign-in. Here: the write limit (429), the body (400),
 * the request id claimed once (a repeat gets the first answer, or 409 while the first still
 * runs), then `handle`, then exactly one audit row for a write that changed something, written
 * with the answer it gave. A handler that throws releases its claim, so the same id can retry.
 */
export async function staffWrite<T extends object>(
	context: APIContext,
	schema: z.ZodType<T>,
	handle: (request: StaffRequest<T>) => Promise<StaffOutcome>,
): Promise<Response> {
	let locale = callerLocale(context);
	const staff = context.locals.staff;
	if (!staff) return context.rewrite(`/404`);
	const limited = await limits.staffWritesPerAccount.hit(staff.id);
	if (!limited.ok) return tooManyRequests(limited, locale);
	const read = await readJsonBody(context.request, z.intersection(requestIdSchema, schema), locale);
	if (!read.ok) return read.response;
	locale = callerLocale(context, 'locale' in read.value ? read.value.locale : undefined);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const { requestId } = read.value;

	const claimed = await claim(admin, requestId, staff.id, locale);
	if (claimed !== 'claimed') return claimed;
	let outcome: StaffOutcome;
	try {
		outcome = await handle({ staff, admin, locale, body: read.value, origin: siteOrigin() });
	} catch (error) {
		await admin.from('staff_requests').delete().eq('request_id', requestId);
		throw error;
	}
	if (outcome.audit) {
		await recordStaffAction(admin, staff, requestId, outcome.audit);
		logger.info('staff action', {
			staff: staff.id,
			action: outcome.audit.action,
			subject: outcome.audit.subject,
		});
	}
	await admin
		.from('staff_requests')
		.update({ status: outcome.status, response: outcome.body })
		.eq('request_id', requestId);
	return json(outcome.status, outcome.body);
}

const stored = z.object({
	staff_id: z.string(),
	status: z.number().nullable(),
	response: z.unknown(),
});

/** Claims a request id for this staff member, or answers a repeat of it. */
async function claim(
	admin: AdminClient,
	requestId: string,
	staffId: string,
	locale: Locale,
): Promise<'claimed' | Response> {
	const { error } = await admin
		.from('staff_requests')
		.insert({ request_id: requestId, staff_id: staffId });
	if (!error) return 'claimed';
	if (error.code !== '23505') throw new Error(`staff_requests: ${error.message}`);
	const { data } = await admin
		.from('staff_requests')
		.select('staff_id, status, response')
		.eq('request_id', requestId)
		.maybeSingle();
	const first = stored.safeParse(data).data;
	if (first && first.staff_id === staffId && first.status !== null)
		return json(first.status, first.response, { 'Idempotent-Replayed': 'true' });
	return apiError(409, 'request_in_progress', 'staff.error.inProgress', locale);
}
