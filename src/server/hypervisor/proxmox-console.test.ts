import { describe, expect, it } from 'vitest';
import type { ProxmoxConfig } from './config';
import { proxmoxConsole } from './proxmox-console';
import type { Call } from './proxmox-http';

// Where vncproxy answers no `password` (PVE before qemu-server 9.1.7 asked without
// generate-password, or anything in between that drops it), the VNC password is the ticket
// itself, as Proxmox's own noVNC takes it (novnc-pve app/pve.js, pveStart).

const config: ProxmoxConfig = {
	kind: 'proxmox',
	url: 'https://pve1.frostnode.example:8006',
	tokenId: 'provisioner@pve!frostnode',
	tokenSecret: 'secret',
};
const ref = { node: 'pve1', vmid: 301 };
const ticket = 'PVEVNC:6745A1B2::c2lnbmF0dXJl';

function answering(data: object): { call: Call; sent: unknown[] } {
	const sent: unknown[] = [];
	const call: Call = (method, path, params) => {
		sent.push({ method, path, params });
		return Promise.resolve(data);
	};
	return { call, sent };
}

describe('the Proxmox console', () => {
	it('asks for a generated password and uses it', async () => {
		const { call, sent } = answering({ user: 'u', ticket, port: '5900', password: 'k3!x@Q9z' });
		const opened = await proxmoxConsole(call, config, ref);
		expect(sent).toEqual([
			{
				method: 'POST',
				path: '/nodes/pve1/qemu/301/vncproxy',
				params: { websocket: 1, 'generate-password': 1 },
			},
		]);
		expect(opened).toMatchObject({ port: 5900, ticket, password: 'k3!x@Q9z' });
	});

	it('takes the ticket as the VNC password when no password comes back', async () => {
		const { call } = answering({ user: 'u', ticket, port: 5901, upid: 'UPID:pve1:x' });
		const opened = await proxmoxConsole(call, config, ref);
		expect(opened.password).toBe(ticket);
		expect(new URL(opened.socket.url).searchParams.get('vncticket')).toBe(ticket);
	});
});
