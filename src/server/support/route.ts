import type { UiKey } from '../../i18n';
import { apiError, json } from '../http/api';
import { asCustomerRoute, type AsCustomerRequest } from '../http/as-customer-route';
import type { Changed, Refusal } from './actions';

// Ticket writes run as the customer (src/server/http/as-customer-route.ts), so the database's own
// rules decide ownership and that a customer writes only as the customer.

export type TicketRequest<T> = AsCustomerRequest<T>;
export const ticketRoute = asCustomerRoute;

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
