import { readFileSync } from 'node:fs';
import type { ProxmoxConfig } from './config';
import { tokenHeader, type Call } from './proxmox-http';
import { vmPath } from './proxmox-machine';
import { read, vncSchema } from './proxmox-schemas';
import type { ConsoleTicket, MachineRef } from './types';

// A one-time console: vncproxy (websocket=1) opens QEMU's VNC on a port for about 10 seconds and
// answers a ticket and the VNC password; vncwebsocket on the same API host, with the same token,
// then carries RFB. The ticket is bound to that token's user, so only our relay can use it.

export async function proxmoxConsole(
	call: Call,
	config: ProxmoxConfig,
	ref: MachineRef,
): Promise<ConsoleTicket> {
	const vnc = read(
		vncSchema,
		await call('POST', `${vmPath(ref)}/vncproxy`, { websocket: 1 }),
		'vncproxy',
	);
	const url = new URL(`${config.url}/api2/json${vmPath(ref)}/vncwebsocket`);
	url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	url.search = new URLSearchParams({ port: String(vnc.port), vncticket: vnc.ticket }).toString();
	return {
		host: url.hostname,
		port: vnc.port,
		ticket: vnc.ticket,
		password: vnc.password,
		socket: {
			url: url.href,
			headers: { Authorization: tokenHeader(config) },
			...(config.caFile ? { ca: readFileSync(config.caFile) } : {}),
			...(config.fingerprint ? { fingerprint: config.fingerprint } : {}),
		},
	};
}
