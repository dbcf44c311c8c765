import type { NetConnectOpts } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { WebSocket } from 'ws';
import type { ConsoleSocket } from '../hypervisor/types.ts';

// The hypervisor's console WebSocket, opened with the adapter's credentials and the same TLS
// checks as its API calls (proxmox-http.ts): the cluster CA, or a pinned fingerprint compared on
// connect, which replaces the chain check without turning verification off for the process.

export function openUpstream(target: ConsoleSocket): WebSocket {
	const pinned = target.fingerprint;
	return new WebSocket(target.url, {
		headers: target.headers,
		handshakeTimeout: 8_000,
		perMessageDeflate: false,
		...(target.ca ? { ca: target.ca } : {}),
		...(pinned
			? {
					rejectUnauthorized: false,
					createConnection: (options: NetConnectOpts | number | string) => {
						if (typeof options !== 'object') throw new Error('console: TLS options expected');
						const socket = tlsConnect({ ...options, rejectUnauthorized: false });
						socket.once('secureConnect', () => {
							const seen = socket.getPeerCertificate().fingerprint256;
							if (seen !== pinned)
								socket.destroy(new Error(`TLS fingerprint ${seen} is not PROXMOX_TLS_FINGERPRINT`));
						});
						return socket;
					},
				}
			: {}),
	});
}
