import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HypervisorUnavailableError } from '../../../src/server/hypervisor/errors.ts';
import { proxmoxHttp } from '../../../src/server/hypervisor/proxmox-http.ts';

// The node's certificate is checked before the token leaves: against the cluster CA, or pinned by
// its SHA-256 fingerprint (Proxmox's self-signed default). The server here records every byte it
// decrypts, so a refused certificate must leave it with nothing, not merely fail the call.
// tls/ holds a self-signed certificate for localhost and 127.0.0.1 (openssl, 100 years).

const here = new URL('./tls/', import.meta.url);
const cert = readFileSync(new URL('node-cert.pem', here));
const key = readFileSync(new URL('node-key.pem', here));
const pinned =
	'68:BE:31:57:DB:95:01:02:31:C4:46:B0:FA:43:C9:1A:2E:DF:25:1D:AA:9D:1D:03:C4:B9:12:A7:6C:74:82:E1';
const other = pinned.replace(/^68/, '69');
const secret = '11111111-2222-3333-4444-555555555555';

let server: Server;
let origin: string;
const received: string[] = [];

beforeAll(async () => {
	server = createServer({ key, cert }, (socket) => {
		socket.on('data', (chunk: Buffer) => {
			received.push(chunk.toString('utf8'));
			const body = JSON.stringify({ data: { version: '8.2.4', release: '8.2' } });
			socket.end(
				`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
			);
		});
		socket.on('error', () => undefined);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (received.length = 0));

const call = (tls: { fingerprint?: string; caFile?: string }) =>
	proxmoxHttp({
		kind: 'proxmox',
		url: origin,
		tokenId: 'frostnode@pve!provisioner',
		tokenSecret: secret,
		...tls,
	})('GET', '/version');

describe('Proxmox TLS', () => {
	it('talks to a node whose certificate has the pinned fingerprint', async () => {
		await expect(call({ fingerprint: pinned })).resolves.toEqual({
			version: '8.2.4',
			release: '8.2',
		});
		expect(received.join('')).toContain(`PVEAPIToken=frostnode@pve!provisioner=${secret}`);
	});

	it('sends nothing, not even the request line, to a node with another fingerprint', async () => {
		// Twenty tries: a write that raced the check would show on some of them.
		for (let i = 0; i < 20; i++)
			await expect(call({ fingerprint: other })).rejects.toBeInstanceOf(HypervisorUnavailableError);
		// Give a leaked write time to arrive before looking.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(received).toEqual([]);
	});

	it('trusts the cluster CA file, and without it refuses the self-signed node', async () => {
		const caFile = new URL('node-cert.pem', here).pathname;
		await expect(call({ caFile })).resolves.toMatchObject({ release: '8.2' });
		received.length = 0;
		await expect(call({})).rejects.toBeInstanceOf(HypervisorUnavailableError);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(received).toEqual([]);
	});
});
