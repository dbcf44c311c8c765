import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { serveRfb } from '../../../src/server/rfb/rfb-server.ts';

// The fake Proxmox's console: `POST .../vncproxy` and the `vncwebsocket` upgrade, answering as
// qemu-server's PVE/API2/Qemu.pm does in each release. Until qemu-server 9.1.7 (April 2026; on
// PVE 8 until 8.4.7) the VNC password is the ticket itself unless `generate-password=1` asks for a
// random one, and only then is `password` in the answer; the ticket is not bound to the port.
// From 9.1.7 a password is always generated for a VM's display, the ticket is that password, a
// colon and a ticket bound to the port, and `password` is always answered (`generate-password` is
// deprecated but accepted). Every release since qemu-server 6.2 (2020) knows `generate-password`.

export const fakeProxmoxVersions = ['8.2.4', '9.0.11', '9.1.6', '9.1.7'] as const;
export type FakeProxmoxVersion = (typeof fakeProxmoxVersions)[number];

/** What `GET /version` answers for a release. */
export function versionAnswer(version: FakeProxmoxVersion) {
	return { version, release: version.split('.').slice(0, 2).join('.'), repoid: 'faa83925c9641325' };
}

/** Whether the release always generates the VNC password (qemu-server commit 282ec11d). */
const alwaysGenerates = (version: FakeProxmoxVersion) =>
	version.localeCompare('9.1.7', 'en', { numeric: true }) >= 0;

const booleans = new Set(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']);
const truthy = (value: string | undefined) => ['1', 'true', 'yes', 'on'].includes(value ?? '');

/** Eight printable characters, as qemu-server makes them: each random byte's low 6 bits from '!'. */
const vncPassword = () =>
	String.fromCharCode(...[...randomBytes(8)].map((byte) => 33 + (byte & 0x3f)));

/** An error Proxmox answers: 400 with the parameter's problem, or 500 with a message. */
export type Refuse = (param: string | null, message: string) => Error;

export function fakeConsoles(version: FakeProxmoxVersion, user: string, refuse: Refuse) {
	/** Tickets as verify_vnc_ticket checks them: the VM, the port once bound, 40 s of validity. */
	const tickets = new Map<string, { vmid: number; port?: string; expires: number }>();
	/** `qm vncproxy` waiting on a port for 10 s, QEMU's VNC password set for it. */
	const listeners = new Map<string, { vmid: number; password: string; expires: number }>();
	let ports = 0;

	function vncproxy(vmid: number, running: boolean, params: Record<string, string>) {
		for (const [key, value] of Object.entries(params)) {
			if (key !== 'websocket' && key !== 'generate-password')
				throw refuse(
					key,
					'property is not defined in schema and the schema does not allow additional properties',
				);
			if (!booleans.has(value)) throw refuse(key, "type check ('boolean') failed");
		}
		if (!running) throw refuse(null, `VM ${vmid} not running`);
		const port = String(5900 + (ports++ % 100));
		const signed = `PVEVNC:${Math.floor(Date.now() / 1000)
			.toString(16)
			.toUpperCase()}::${randomBytes(32).toString('base64')}`;
		const generated = alwaysGenerates(version) || truthy(params['generate-password']);
		const password = generated ? vncPassword() : undefined;
		const ticket = alwaysGenerates(version) ? `${password}:${signed}` : signed;
		tickets.set(ticket, {
			vmid,
			...(alwaysGenerates(version) ? { port } : {}),
			expires: Date.now() + 40_000,
		});
		listeners.set(port, { vmid, password: password ?? ticket, expires: Date.now() + 10_000 });
		return { user, ticket, port, cert: '', ...(password ? { password } : {}) };
	}

	const sockets = new WebSocketServer({ noServer: true });
	/** vncwebsocket: the API's own authentication, then the ticket, then the port's VNC. */
	function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, authorised: boolean) {
		const url = new URL(req.url ?? '/', 'http://fake');
		const vmid = Number(
			/^\/api2\/json\/nodes\/[^/]+\/qemu\/(\d+)\/vncwebsocket$/.exec(url.pathname)?.[1],
		);
		const port = url.searchParams.get('port') ?? '';
		const ticket = tickets.get(url.searchParams.get('vncticket') ?? '');
		const listener = listeners.get(port);
		listeners.delete(port); // it accepts one connection, then stops listening
		const valid =
			ticket &&
			ticket.vmid === vmid &&
			ticket.expires > Date.now() &&
			(ticket.port === undefined || ticket.port === port);
		if (!authorised || !valid)
			return void socket.end('HTTP/1.1 401 permission denied - invalid ticket\r\n\r\n');
		if (!listener || listener.expires < Date.now())
			return void socket.end('HTTP/1.1 500 connection refused\r\n\r\n');
		sockets.handleUpgrade(req, socket, head, (ws) => {
			void serveRfb(ws, listener.password, [`fake Proxmox VM ${listener.vmid}`, 'login: ']).catch(
				() => ws.terminate(),
			);
		});
	}

	function reset() {
		tickets.clear();
		listeners.clear();
	}
	return { vncproxy, upgrade, reset };
}
