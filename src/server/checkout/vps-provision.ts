import { getHypervisor, HypervisorError } from '../hypervisor';
import { errorText } from '../log/error-text';
import { logger } from '../log/logger';
import { publishedName, syncSubdomain } from '../servers/subdomain';
import type { AdminClient } from '../supabase/admin-client';
import { giveUp, provisioningAttempts, retryPause } from './give-up';
import { setUpMachine } from './machine-setup';
import { sendVpsReady } from './mails';
import type { ProvisioningLease } from './provisioning-lease';

/**
 * A paid VPS, from its payment to a running machine (machine-setup.ts), under the lease
 * provision.ts took. A hypervisor that does not answer (a retryable error) is tried again with
 * doubling waits; after the last try, or at once for what waiting cannot fix (no address left, a
 * refusal), the customer gets a clear state and a support ticket. The raw error is kept on the
 * service for the team; the customer reads only the ticket's and the mail's own words.
 */
export async function provisionVps(
	admin: AdminClient,
	lease: ProvisioningLease,
	row: { id: string; ram_gb: number; storage_gb: number },
	customer: { email: string; locale: string | null | undefined },
	origin: string,
): Promise<void> {
	const hypervisor = getHypervisor();
	let lastError = 'unknown';
	for (let attempt = 0; attempt < provisioningAttempts; attempt++) {
		if (!(await lease.keep())) return;
		logger.info('provisioning a machine', { serviceId: row.id, attempt: attempt + 1 });
		try {
			const setup = await setUpMachine(admin, hypervisor, lease, row);
			if (setup.outcome === 'no_addresses') {
				lastError = 'vps_addresses_exhausted: no free address on the machine node';
				break;
			}
			if (setup.outcome === 'not_started') {
				lastError = `the machine did not start (${setup.state})`;
				break;
			}
			if (setup.outcome !== 'running')
				return logger.info(`provisioning stopped: ${setup.outcome}`, { serviceId: row.id });
			logger.info('machine running', { serviceId: row.id, activated: setup.activated });
			// Its own name (the subdomain extra) points at its addresses now; a DNS failure is kept
			// on the service and retried by the billing run, never a reason to lose the machine.
			await syncSubdomain(admin, row.id).catch((failure: unknown) =>
				logger.error('subdomain not synced', { serviceId: row.id, error: failure }),
			);
			if (setup.activated)
				await sendVpsReady(
					origin,
					customer.email,
					customer.locale,
					row,
					{
						...setup.machine,
						name: await publishedName(admin, row.id),
					},
					setup.image,
				);
			return;
		} catch (error) {
			lastError =
				error instanceof HypervisorError ? `${error.name}: ${error.message}` : errorText(error);
			logger.warn('machine attempt failed', { serviceId: row.id, error: lastError });
			if (!(error instanceof HypervisorError && error.retryable)) break;
			await retryPause(attempt);
		}
	}
	await giveUp(admin, origin, row, customer.email, customer.locale, lastError);
}
