import { z } from 'zod';
import type { UiKey } from '../../../i18n';
import { paymentMethodSchema } from '../../../lib/domain/payment-method';

/** Why a pause is refused; each is raised by `request_service_pause` too, which changes nothing. */
export const pauseRefusals = [
	'not_found',
	'invalid_months',
	'already_paused',
	'suspended',
	'not_active',
	'cancellation_pending',
	'unpaid_invoice',
] as const;
export type PauseRefusal = (typeof pauseRefusals)[number];
/** Reads a refusal out of the database's error message (anything else is a real failure). */
export const pauseRefusalSchema = z.enum(pauseRefusals);

/** Why a resume is refused. */
export type ResumeRefusal = 'not_found' | 'not_paused';

/**
 * The body of POST /api/services/{id}/pause. Months are any integer here: 0 or 4 is answered with
 * the translated `invalid_months`, not a bare bad request.
 */
export const pauseBody = z.object({
	months: z.number().int().min(-1000).max(1000),
	method: paymentMethodSchema,
	locale: z.string().optional(),
});

/** The body of POST /api/services/{id}/resume: only the language of the answer. */
export const resumeBody = z.object({ locale: z.string().optional() });

/** How each refusal answers: its status and the translated message's key. */
export function pauseRefusal(code: PauseRefusal | ResumeRefusal | 'method_unavailable'): {
	status: number;
	message: UiKey;
} {
	if (code === 'not_found') return { status: 404, message: 'services.pause.error.not_found' };
	if (code === 'invalid_months' || code === 'method_unavailable')
		return { status: 422, message: `services.pause.error.${code}` };
	return { status: 409, message: `services.pause.error.${code}` };
}
