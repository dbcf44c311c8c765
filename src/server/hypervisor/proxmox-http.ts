import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { TLSSocket } from 'node:tls';
import type { ProxmoxConfig } from './config';
import { HypervisorUnavailableError } from './errors';
import { proxmoxError } from './proxmox-errors';
import { errorText } from '../log/error-text';

// One call to the Proxmox VE API: the token header, JSON bodies (always at least `{}`: some
// endpoints fail on an empty JSON body), the payload unwrapped from `data`, errors classified.
// node:https rather than fetch, so the cluster CA or a pinned fingerprint can be used without
// turning verification off for the whole process.

export type Params = Record<string, string | number>;
export type Call = (
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	path: string,
	params?: Params,
) => Promise<unknown>;

const timeoutMs = 15_000;

export function tokenHeader(config: ProxmoxConfig): string {
	return `PVEAPIToken=${config.tokenId}=${config.tokenSecret}`;
}

export function proxmoxHttp(config: ProxmoxConfig): Call {
	const ca = config.caFile ? readFileSync(config.caFile) : undefined;
	const headers = { Authorization: tokenHeader(config) };

	return (method, path, params = {}) =>
		new Promise((resolve, reject) => {
			const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
			const withBody = method === 'POST' || method === 'PUT';
			const url = new URL(
				`${config.url}/api2/json${path}${!withBody && query.size ? `?${query}` : ''}`,
			);
			const body = withBody ? JSON.stringify(params) : undefined;
			const tls = url.protocol === 'https:';
			const send = tls ? httpsRequest : httpRequest;
			const req = send(
				url,
				{
					method,
					timeout: timeoutMs,
					headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
					...(tls && ca ? { ca } : {}),
					// A pinned fingerprint replaces the chain check; it is compared on connect below.
					...(tls && config.fingerprint ? { rejectUnauthorized: false } : {}),
				},
				(res) => read(res, resolve, reject),
			);
			if (tls && config.fingerprint)
				req.on('socket', (socket) =>
					socket.once('secureConnect', () => {
						const seen =
							socket instanceof TLSSocket ? socket.getPeerCertificate().fingerprint256 : undefined;
						if (seen !== config.fingerprint)
							req.destroy(new Error(`TLS fingerprint ${seen} is not PROXMOX_TLS_FINGERPRINT`));
					}),
				);
			req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
			req.on('error', (error) =>
				reject(
					new HypervisorUnavailableError(`Proxmox unreachable: ${errorText(error)}`, {
						cause: error,
					}),
				),
			);
			req.end(body);
		});
}

function read(res: IncomingMessage, resolve: (v: unknown) => void, reject: (e: unknown) => void) {
	const chunks: Buffer[] = [];
	res.on('data', (chunk: Buffer) => chunks.push(chunk));
	res.on('end', () => {
		let json: unknown;
		try {
			json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
		} catch {
			json = undefined;
		}
		const status = res.statusCode ?? 0;
		if (status >= 200 && status < 300)
			resolve(json && typeof json === 'object' && 'data' in json ? json.data : undefined);
		else reject(proxmoxError(status, res.statusMessage ?? '', json));
	});
	res.on('error', (error) =>
		reject(new HypervisorUnavailableError(errorText(error), { cause: error })),
	);
}
