import type { UiKey } from '../../../i18n';
import { useTranslations, type Locale } from '../../../i18n';
import type { StaffOutcome } from '../write';

/** Why staff cannot do what they asked to a service; each answer changes nothing. */
export type ServiceRefusal =
	| 'not_found'
	| 'reason_required'
	| 'ended'
	| 'already_suspended'
	| 'not_suspended'
	| 'already_cancelling'
	| 'not_stuck'
	| 'already_given_up'
	| 'paused'
	| 'overdue'
	| 'days_out_of_range'
	| 'host_unavailable';

const statuses: Record<ServiceRefusal, number> = {
	not_found: 404,
	reason_required: 400,
	ended: 409,
	already_suspended: 409,
	not_suspended: 409,
	already_cancelling: 409,
	not_stuck: 409,
	already_given_up: 409,
	paused: 409,
	overdue: 409,
	days_out_of_range: 400,
	host_unavailable: 503,
};

/** The refusal as the staff API answers it: its status and the message in the caller's language. */
export function refuse(code: ServiceRefusal, locale: Locale): StaffOutcome {
	const message: UiKey = `staff.services.error.${code}`;
	return {
		status: statuses[code],
		body: { error: { code, message: useTranslations(locale)(message) } },
	};
}
