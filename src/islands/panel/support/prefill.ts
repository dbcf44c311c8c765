import { isUuid } from '../../../lib/uuid';
import {
	isDepartment,
	messageMaxLength,
	subjectLength,
	type NewTicket,
} from '../../../lib/panel/support';

// The prefill contract other pages link with (docs/panel.md, "Support"):
//   /panel/support?compose=1&subject=…&department=…&service=<service uuid>&message=…
// opens the new-ticket form filled in. Nothing from the URL is trusted: an unknown department is
// technical, lengths are capped, and a service is kept only once it is one of the customer's.

export interface Prefill {
	/** Whether the form starts open. */
	open: boolean;
	values: NewTicket;
}

const text = (params: URLSearchParams, name: string, max: number) =>
	(params.get(name) ?? '').slice(0, max);

/** The form's starting values from a page URL's query. */
export function readPrefill(params: URLSearchParams): Prefill {
	const subject = text(params, 'subject', subjectLength.max);
	const message = text(params, 'message', messageMaxLength);
	const department = params.get('department');
	const service = params.get('service') ?? '';
	return {
		// Help articles link with ?subject=… alone (before the contract): that opens it too.
		open: params.get('compose') === '1' || subject.trim() !== '' || message.trim() !== '',
		values: {
			subject,
			department: isDepartment(department) ? department : 'technical',
			serviceId: isUuid(service) ? service.toLowerCase() : null,
			message,
		},
	};
}

/** The service the form may keep: one of the customer's, else none. */
export function ownService(serviceId: string | null, services: { id: string }[]): string | null {
	return serviceId && services.some((service) => service.id === serviceId) ? serviceId : null;
}
