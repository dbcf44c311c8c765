import { z } from 'zod';
import { useTranslations, type Locale, type UiKey } from '../../i18n';
import { serverRefusals } from '../servers/refusals';
import type { StaffOutcome, StaffRequest } from '../staff/write';
import { openGameConsole } from './open';

const refused = (code: string, key: UiKey, locale: Locale) => ({
	error: { code, message: useTranslations(locale)(key) },
});

export const staffConsoleBody = z.object({ locale: z.string().max(8).optional() });

/**
 * Staff's read-only view of a customer's game console: the customer's path (open.ts) with the
 * viewer `staff`, which the relay lets ask for logs and stats but never send a command. Each
 * opening is one staff audit entry; a refusal records nothing.
 */
export async function staffOpenGameConsole(
	request: StaffRequest<object>,
	serviceId: string,
	accessToken: string | null,
): Promise<StaffOutcome> {
	const caller = { userId: request.staff.id, viewer: 'staff' as const, accessToken };
	const opened = await openGameConsole(request.admin, caller, serviceId);
	if (typeof opened !== 'string')
		return {
			status: 200,
			body: { url: opened.url },
			audit: {
				action: 'game_console_opened',
				customerId: opened.ownerId,
				subject: `service:${serviceId}`,
				before: null,
				after: null,
			},
		};
	if (opened === 'reauthenticate')
		return {
			status: 403,
			body: refused(opened, 'vps.console.error.reauthenticate', request.locale),
		};
	const { status, message } = serverRefusals[opened];
	return { status, body: refused(opened, message, request.locale) };
}
