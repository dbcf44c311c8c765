import { z } from 'zod';
import type { StaffAction } from '../../../lib/domain/staff-action';
import { logger } from '../../log/logger';
import type { StaffOutcome, StaffRequest } from '../write';
import { auditFacts, loadService, type StaffService } from './service-row';

/** The page's language, so a refusal reads in it (staffWrite picks it up). */
export const answerLanguage = { locale: z.string().max(8).optional() };

/** A reason staff give: the customer may read it, so it is kept short. */
export const reasonSchema = z.string().trim().min(1).max(500);

export const live = (service: StaffService) =>
	service.status === 'active' || service.status === 'suspended';

/** The answer after a change: the service as it is now, and its audit entry. */
export async function changed(
	request: StaffRequest<object>,
	before: StaffService,
	action: StaffAction,
	extra: Record<string, string | number> = {},
): Promise<StaffOutcome> {
	const after = (await loadService(request.admin, before.id)) ?? before;
	return {
		status: 200,
		body: { service: auditFacts(after) },
		audit: {
			action,
			customerId: before.user_id,
			subject: `service:${before.id}`,
			before: auditFacts(before),
			after: { ...auditFacts(after), ...extra },
		},
	};
}

/** Host calls can fail (panel or hypervisor down): staff are told, nothing is recorded. */
export async function onHost(
	work: () => Promise<boolean>,
	serviceId: string,
): Promise<boolean | 'down'> {
	try {
		return await work();
	} catch (error) {
		logger.error('staff host step failed', { serviceId, error });
		return 'down';
	}
}
