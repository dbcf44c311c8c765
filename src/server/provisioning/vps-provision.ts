import { getHypervisor, HypervisorError } from '../hypervisor';
import { errorText } from '../log/error-text';
import { logger } from '../log/logger';
import { publishedName, syncSubdomain } from '../subdomains/subdomain';
import type { AdminClient } from '../supabase/admin-client';
import { tryUntilGivenUp, type TryOutcome } from './attempts';
import { setUpMachine } from './machine-setup';
import { sendVpsReady } from './mails';
import type { ProvisioningLease } from './provisioning-lease';

/**
 * A paid VPS, from its payment to a running machine (machine-setup.ts), under the lease
 * provision.ts took, in the retry loop a game server's tries share (attempts.ts). A hypervisor
 * that does not answer (a retryable error) is tried again with doubling waits; after the last try,
 * or at once for what waiting cannot fix (no address left, a refusal), the customer gets a clear
 * state and a support ticket. The raw error is kept on the service for the team; the customer
 * reads only the ticket's and the mail's own words.
 */
export async function provisionVps(
	admin: AdminClient,
	lease: ProvisioningLease,
	row: { id: string; ram_gb: number; storage_gb: number },
	customer: { email: string; locale: string | null | undefined },
	origin: string,
): Promise<void> {
	const hypervisor = getHypervisor();
	const attempt = async (): Promise<TryOutcome> => {
		const setup = await setUpMachine(admin, hypervisor, lease, row);
		if (setup.outcome === 'no_addresses')
			return { error: 'vps_addresses_exhausted: no free address on the machine node' };
		if (setup.outcome === 'not_started')
			return { error: `the machine did not start (${setup.state})` };
		if (setup.outcome !== 'running') {
			logger.info(`provisioning stopped: ${setup.outcome}`, { serviceId: row.id });
			return 'done';
		}
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
		return 'done';
	};
	await tryUntilGivenUp(
		admin,
		origin,
		lease,
		{ id: row.id, customer },
		{
			kind: 'vps',
			attempt,
			read: (error) => ({
				error:
					error instanceof HypervisorError ? `${error.name}: ${error.message}` : errorText(error),
				retryable: error instanceof HypervisorError && error.retryable,
			}),
		},
	);
}
