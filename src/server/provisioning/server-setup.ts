import type { CreateServerInput, GamePanel, PanelServer, ServerRef } from '../game-panel/types';
import { GamePanelNotFoundError, GamePanelUnavailableError } from '../game-panel/errors';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import type { ProvisioningLease } from './provisioning-lease';
import { setTimeout as sleep } from 'node:timers/promises';
import { numberSetting } from '../config/variables';

export type SetupOutcome =
	| { outcome: 'running'; server: PanelServer; address: string; activated: boolean }
	/** The service ended (refunded, terminated) meanwhile: the server made for it is deleted. */
	| { outcome: 'ended' }
	/** Another site server took the service over: it finishes the job. */
	| { outcome: 'lost' }
	| { outcome: 'not_started'; state: string };

const pollMs = numberSetting('PROVISIONING_POLL_MS', 1000);
const maxWaitMs = 15 * 60_000;

/**
 * One attempt at a service's server: create (idempotent on the service id), record it on the
 * service at once, wait for the install, start it and mark the service active. A service that
 * stopped being payable at any point (a refund racing the install) never keeps what was made:
 * the database answers that in the same locked step that records the server, and it is deleted.
 */
export async function setUpServer(
	admin: AdminClient,
	panel: GamePanel,
	lease: ProvisioningLease,
	input: CreateServerInput,
): Promise<SetupOutcome> {
	const server = await panel.createServer(input);
	const serviceId = input.serviceId;
	logger.info('server created on the panel', { serviceId, panelServerId: server.panelServerId });
	if (!(await keptOrDeleted(admin, panel, serviceId, server))) return { outcome: 'ended' };
	try {
		return await startAndActivate(admin, panel, lease, serviceId, server);
	} catch (error) {
		if (!(error instanceof GamePanelNotFoundError)) throw error;
		// The server vanished under us: a refund deletes it before it records the refund, so the
		// service may read payable for a moment yet. Tried again, the next attempt finds it ended
		// (or, if someone deleted it on the panel by hand, makes it anew).
		if (!(await keptOrDeleted(admin, panel, serviceId, server))) return { outcome: 'ended' };
		throw new GamePanelUnavailableError('the server vanished while it was set up', {
			cause: error,
		});
	}
}

async function startAndActivate(
	admin: AdminClient,
	panel: GamePanel,
	lease: ProvisioningLease,
	serviceId: string,
	server: PanelServer,
): Promise<SetupOutcome> {
	const state = await startWhenInstalled(panel, server, lease);
	if (state === 'lost')
		return (await keptOrDeleted(admin, panel, serviceId, server))
			? { outcome: 'lost' }
			: { outcome: 'ended' };
	if (state !== 'running') return { outcome: 'not_started', state };
	const address = `${server.address.host}:${server.address.port}`;
	const { data: activated, error } = await admin.rpc('activate_service', {
		service: serviceId,
		panel_server_id: String(server.panelServerId),
		panel_identifier: server.identifier,
		panel_address: address,
		panel_url: panel.panelUrl(server) ?? '',
	});
	if (error) throw new Error(`activate_service: ${error.message}`);
	// Not activated: either another attempt did (keep it) or the service ended (delete it).
	if (!activated && !(await keptOrDeleted(admin, panel, serviceId, server)))
		return { outcome: 'ended' };
	return { outcome: 'running', server, address, activated: activated === true };
}

/** Records the server on its service while that is payable (true); else deletes it (false). */
async function keptOrDeleted(
	admin: AdminClient,
	panel: GamePanel,
	serviceId: string,
	server: ServerRef,
): Promise<boolean> {
	const { data: payable, error } = await admin.rpc('record_panel_server', {
		service: serviceId,
		panel_server_id: String(server.panelServerId),
		panel_identifier: server.identifier,
	});
	if (error) throw new Error(`record_panel_server: ${error.message}`);
	if (payable) return true;
	logger.warn('service ended while its server was set up: deleting the server', {
		serviceId,
		panelServerId: server.panelServerId,
	});
	await panel.delete(server).catch((failure: unknown) => {
		// Already gone (the refund deleted it) is what we want.
		if (!(failure instanceof GamePanelNotFoundError)) throw failure;
	});
	return false;
}

/**
 * Waits for the panel's install to finish, starts the server, and waits until it runs: the
 * customer is told "running" only when players can connect. Gives the last state on timeout, and
 * `lost` when the lease went to another holder (this server stalled) or the service ended.
 */
async function startWhenInstalled(
	panel: GamePanel,
	server: ServerRef,
	lease: ProvisioningLease,
): Promise<string> {
	let started = false;
	for (let waited = 0; waited <= maxWaitMs; waited += pollMs) {
		if (!(await lease.keep())) return 'lost';
		const { state } = await panel.state(server);
		if (state === 'running' || state === 'install_failed' || state === 'suspended') return state;
		if (state === 'offline' && !started) {
			await panel.power(server, 'start');
			started = true;
		}
		await sleep(pollMs);
	}
	return 'timeout';
}
