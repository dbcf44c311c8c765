import { findVpsImage } from '../../lib/vps/images';
import type { OrderVps } from '../../lib/order-status';
import { getHypervisor } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { takePassword } from '../vps/kept-password';
import { loadMachine } from '../vps/machine';

/**
 * A VPS order's machine for its owner (the caller checked that): the addresses, hostname, image,
 * user and how to log in; while it is being made, the hypervisor's state of it; once it runs, the
 * generated password in this one answer, taken from the database as it is shown.
 */
export async function orderVps(
	admin: AdminClient,
	service: { id: string; status: string; provisioningFailed: boolean; name: string | null },
): Promise<OrderVps | undefined> {
	const machine = await loadMachine(admin, service.id);
	const image = machine && findVpsImage(machine.image);
	if (!machine || !image) return undefined;
	const vps: OrderVps = {
		image: image.id,
		imageName: image.name,
		os: image.os,
		hostname: machine.hostname,
		name: service.name,
		ipv4: machine.ip.ipv4?.address ?? null,
		ipv6: machine.ip.ipv6?.address ?? null,
		user: image.user,
		access: machine.sshKeys.length ? 'keys' : 'password',
	};
	if (service.status === 'provisioning' && !service.provisioningFailed) {
		const state = await getHypervisor()
			.machineState(machine.ref)
			// Not made yet, or the hypervisor is slow to answer: the database state stands.
			.then((status) => status.state)
			.catch(() => undefined);
		return state ? { ...vps, machineState: state } : vps;
	}
	if (service.status !== 'active' || vps.access !== 'password') return vps;
	const password = await takePassword(admin, service.id);
	return password ? { ...vps, password } : vps;
}
