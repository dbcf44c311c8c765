import { readFileSync } from 'node:fs';
import type { ProxmoxConfig } from './config';
import { tokenHeader, type Call } from './proxmox-http';
import { vmPath } from './proxmox-machine';
import { read, vncSchema } from './proxmox-schemas';
import type { ConsoleTicket, MachineRef } from './types';

// A one-time console: vncproxy (websocket=1) opens QEMU's VNC on a port for about 10 seconds and
// answers a ticket; vncwebsocket on the same API host, with the same token, then carries RFB. The
// ticket is bound to that token's user, so only our relay can use it. The VNC password comes back
// only when generated: before qemu-server 9.1.7 (all of PVE 8 to 8.4.6, 9.0 to 9.1.6) only if
// asked with generate-password, which every supported release accepts (deprecated from 9.1.7);
// without one the VNC password is the ticket itself, as Proxmox's own noVNC uses it.

export async function proxmoxConsole(
	call: Call,
	config: ProxmoxConfig,
	ref: MachineRef,
): Promise<ConsoleTicket> {
	const vnc = read(
		vncSchema,
		await call('POST', `${vmPath(ref)}/vncproxy`, { websocket: 1, 'generate-password': 1 }),
		'vncproxy',
	);
	const url = new URL(`${config.url}/api2/json${vmPath(ref)}/vncwebsocket`);
	url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	url.search = new URLSearchParams({ port: String(vnc.port), vncticket: vnc.ticket }).toString();
	return {
		host: url.hostname,
		port: vnc.port,
		ticket: vnc.ticket,
		password: vnc.password ?? vnc.ticket,
		socket: {
			url: url.href,
			headers: { Authorization: tokenHeader(config) },
			...(config.caFile ? { ca: readFileSync(config.caFile) } : {}),
			...(config.fingerprint ? { fingerprint: config.fingerprint } : {}),
		},
	};
}
