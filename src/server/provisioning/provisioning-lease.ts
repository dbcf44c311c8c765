import { randomUUID } from 'node:crypto';
import type { AdminClient } from '../supabase/admin-client';

/**
 * How long a service's provisioning is ours without renewing. Short, so a site server killed
 * mid-install holds its services for seconds, not for the billing run's stall rule; renewed
 * often enough that a live install never loses it to another server.
 */
export const leaseSeconds = 20;
const renewAfterMs = (leaseSeconds * 1000) / 4;

export interface ProvisioningLease {
	/** Renews when due; false once the lease is lost (another server took over, or the service ended). */
	keep(): Promise<boolean>;
	release(): Promise<void>;
}

/**
 * The right to provision one service, held in the database so site servers agree on it: null
 * while another holder's lease runs or when the service is not waiting for its server.
 */
export async function takeLease(
	admin: AdminClient,
	serviceId: string,
): Promise<ProvisioningLease | null> {
	const holder = randomUUID();
	const take = async () => {
		const { data, error } = await admin.rpc('provisioning_lease_take', {
			service: serviceId,
			holder,
			seconds: leaseSeconds,
		});
		if (error) throw new Error(`provisioning lease: ${error.message}`);
		return data === true;
	};
	if (!(await take())) return null;
	let renewedAt = Date.now();
	let held = true;
	return {
		async keep() {
			if (!held || Date.now() - renewedAt < renewAfterMs) return held;
			held = await take();
			renewedAt = Date.now();
			return held;
		},
		async release() {
			held = false;
			await admin.rpc('provisioning_lease_release', { service: serviceId, holder });
		},
	};
}
