import { z } from 'zod';
import { giveUp } from '../../provisioning/give-up';
import { provision } from '../../provisioning/provision';
import { inBackground } from '../../http/lifecycle';
import { logger } from '../../log/logger';
import type { StaffOutcome, StaffRequest } from '../write';
import { answerLanguage, changed } from './outcome';
import { refuse } from './refusals';
import { isStuck, loadService, type StaffService } from './service-row';

// A set-up that is stuck, moved along by staff with checkout's own functions: provision (one
// lease per service, idempotent on the panel) for another try, giveUp (the customer's ticket and
// mail in their language) to stop waiting.

export const provisioningBody = z.object({
	...answerLanguage,
	outcome: z.enum(['retry', 'give_up']),
});

/** The error staff's give-up records: for the team, never shown to the customer. */
export const staffGaveUp = 'Set-up given up by staff';

async function retry(request: StaffRequest<object>, service: StaffService): Promise<StaffOutcome> {
	const { admin, origin } = request;
	// Without the error the billing run's last net takes it up too, should this server stop.
	const { error } = await admin
		.from('services')
		.update({ provisioning_error: null })
		.eq('id', service.id)
		.eq('status', 'provisioning');
	if (error) throw new Error(`services ${service.id}: ${error.message}`);
	inBackground(
		provision(admin, service.id, origin).catch((failure: unknown) =>
			logger.error('provisioning failed', { serviceId: service.id, error: failure }),
		),
	);
	return changed(request, service, 'provisioning_retried');
}

async function abandon(
	request: StaffRequest<object>,
	service: StaffService,
): Promise<StaffOutcome> {
	const { admin, origin, locale } = request;
	// Given up already: the customer has their ticket, and a second one would only confuse them.
	if (service.provisioning_error !== null) return refuse('already_given_up', locale);
	const { data: user } = await admin.auth.admin.getUserById(service.user_id);
	const { data: profile } = await admin
		.from('profiles')
		.select('preferred_locale')
		.eq('id', service.user_id)
		.maybeSingle();
	await giveUp(
		admin,
		origin,
		service,
		user.user?.email ?? '',
		profile?.preferred_locale,
		staffGaveUp,
	);
	return changed(request, service, 'provisioning_abandoned');
}

export async function moveProvisioning(
	request: StaffRequest<z.infer<typeof provisioningBody>>,
	id: string,
	now = new Date(),
): Promise<StaffOutcome> {
	const service = await loadService(request.admin, id);
	if (!service) return refuse('not_found', request.locale);
	if (!isStuck(service, now)) return refuse('not_stuck', request.locale);
	return request.body.outcome === 'retry' ? retry(request, service) : abandon(request, service);
}
