import { hasEnded } from '../../lib/domain/service-status';
import type { UiKey } from '../../i18n';
import { getHypervisor, HypervisorError, HypervisorUnavailableError } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { loadMachine, type VpsMachine } from '../vps/machine';

// Who may open a machine's console, asked both when the token is made and again when it is used:
// the owner of an active VPS whose machine is running. Anyone else's service is "not found", so
// a stranger learns nothing of it.

export type ConsoleRefusal = 'not_found' | 'suspended' | 'ended' | 'not_ready' | 'not_running';

export const consoleRefusals: Record<ConsoleRefusal, { status: number; message: UiKey }> = {
	not_found: { status: 404, message: 'vps.console.error.not_found' },
	suspended: { status: 409, message: 'vps.console.error.suspended' },
	ended: { status: 409, message: 'vps.console.error.ended' },
	not_ready: { status: 409, message: 'vps.console.error.not_ready' },
	not_running: { status: 409, message: 'vps.console.error.not_running' },
};

export async function consoleAccess(
	admin: AdminClient,
	userId: string,
	serviceId: string,
): Promise<VpsMachine | ConsoleRefusal> {
	if (!/^[0-9a-f-]{36}$/i.test(serviceId)) return 'not_found';
	const { data, error } = await admin
		.from('services')
		.select('user_id, product_type, status')
		.eq('id', serviceId)
		.maybeSingle();
	if (error) throw new Error(`services: ${error.message}`);
	if (!data || data.user_id !== userId || data.product_type !== 'vps') return 'not_found';
	if (data.status === 'suspended') return 'suspended';
	if (hasEnded(data.status)) return 'ended';
	if (data.status !== 'active') return 'not_ready';
	const machine = await loadMachine(admin, serviceId);
	if (!machine) return 'not_ready';
	try {
		const status = await getHypervisor().machineState(machine.ref);
		return status.state === 'running' ? machine : 'not_running';
	} catch (failure) {
		if (failure instanceof HypervisorError && !(failure instanceof HypervisorUnavailableError))
			return 'not_running';
		throw failure;
	}
}
