import type { APIContext } from 'astro';
import { z } from 'zod';
import type { UiKey } from '../../i18n';
import { bearerClient, type CustomerClient } from '../supabase/customer-client';
import type { CancelRefusal } from './actions';

/**
 * POST /api/services/{id}/cancel. The reason may be missing or blank here: that is answered with
 * the translated `reason_required`, not a bare bad request. The database keeps 2,000 characters.
 */
export const cancelBody = z.object({
	reason: z.string().max(2000).optional(),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/keep: only the language of the answer. */
export const keepBody = z.object({ locale: z.string().optional() });

/** How each refusal answers: its status and the translated message's key. */
export function cancelRefusal(code: CancelRefusal): { status: number; message: UiKey } {
	if (code === 'reason_required')
		return { status: 400, message: 'services.cancel.error.reason_required' };
	if (code === 'not_found') return { status: 404, message: 'services.cancel.error.not_found' };
	return { status: 409, message: 'services.cancel.error.not_active' };
}

/**
 * The signed-in caller's own Supabase client (bearer token or session cookie), so the database
 * functions see them as auth.uid(). customerRoute has already checked who they are.
 */
export function customerClientOf(context: Pick<APIContext, 'request' | 'locals'>) {
	const header = context.request.headers.get('authorization') ?? '';
	const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
	const client: CustomerClient | undefined = bearer
		? bearerClient(bearer)
		: context.locals.supabase;
	return client ?? null;
}
