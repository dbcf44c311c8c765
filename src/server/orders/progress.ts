import { getGamePanel } from '../game-panel';
import type { OrderStatus } from '../../lib/order-status';

/**
 * While a paid service is being set up, the panel knows more than the database: whether its
 * server exists yet and is installing. Read only then, so a running order costs no panel calls.
 */
export async function withPanelState(status: OrderStatus): Promise<OrderStatus> {
	// A VPS is not on the game panel: its machine's state came with it (vps-order.ts).
	if (status.service.vps) return status;
	if (status.service.status !== 'provisioning' || status.service.provisioningFailed) return status;
	try {
		const panel = getGamePanel();
		const server = await panel.findServer(status.service.id);
		if (!server) return status;
		const { state } = await panel.state(server);
		return { ...status, service: { ...status.service, panelState: state } };
	} catch {
		return status; // the panel's answer is a nicety here; the database state stands
	}
}
