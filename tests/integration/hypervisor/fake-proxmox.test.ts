import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	fakeNode,
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	templateVmid,
	type FakeProxmox,
} from './fake-proxmox.ts';

// The fake refuses what Proxmox refuses, so the adapter's tests mean something: checked here with
// raw requests, without the adapter.

let fake: FakeProxmox;
beforeAll(async () => (fake = await startFakeProxmox()));
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function send(method: string, path: string, body?: object, token = fakeTokenSecret) {
	const res = await fetch(`${fake.url}/api2/json${path}`, {
		method,
		headers: {
			Authorization: `PVEAPIToken=${fakeTokenId}=${token}`,
			...(body ? { 'Content-Type': 'application/json' } : {}),
		},
		...(body ? { body: JSON.stringify(body) } : {}),
	});
	return { status: res.status, reason: res.statusText, body: (await res.json()) as unknown };
}
const clonePath = `/nodes/${fakeNode}/qemu/${templateVmid}/clone`;

describe('the fake Proxmox', () => {
	it('wants the API token', async () => {
		expect((await send('GET', '/nodes', undefined, 'wrong')).status).toBe(401);
	});

	it('refuses storage on a linked clone, a bad VMID and unknown parameters', async () => {
		expect(await send('POST', clonePath, { newid: 300, full: 0, storage: 'local' })).toMatchObject({
			status: 400,
			body: { errors: { storage: "parameter 'storage' not allowed for linked clones\n" } },
		});
		expect((await send('POST', clonePath, { newid: 'abc' })).status).toBe(400);
		expect((await send('POST', clonePath, { newid: 300, cores: 2 })).status).toBe(400);
	});

	it('refuses a taken VMID and changes under the clone lock', async () => {
		expect((await send('POST', clonePath, { newid: 300, full: 0 })).status).toBe(200);
		expect(await send('POST', clonePath, { newid: 300, full: 0 })).toMatchObject({
			status: 500,
			reason: 'unable to create VM 300: config file already exists',
		});
		expect(await send('PUT', `/nodes/${fakeNode}/qemu/300/config`, { cores: 2 })).toMatchObject({
			status: 500,
			reason: 'VM 300 is locked (clone)',
		});
	});

	it('wants sshkeys URL-encoded with %20, not + or raw spaces', async () => {
		await send('POST', clonePath, { newid: 300, full: 0 });
		delete fake.vms.get(300)!.config.lock;
		const path = `/nodes/${fakeNode}/qemu/300/config`;
		const key = 'ssh-ed25519 AAAAC3Nza+/= me@host';
		expect((await send('PUT', path, { sshkeys: key })).status).toBe(400);
		expect((await send('PUT', path, { sshkeys: key.replaceAll(' ', '+') })).status).toBe(400);
		expect((await send('PUT', path, { sshkeys: encodeURIComponent(key) })).status).toBe(200);
	});

	it('refuses to shrink a disk and to start without a JSON body', async () => {
		await send('POST', clonePath, { newid: 300, full: 0 });
		delete fake.vms.get(300)!.config.lock;
		const vm = `/nodes/${fakeNode}/qemu/300`;
		expect((await send('PUT', `${vm}/resize`, { disk: 'scsi0', size: '1G' })).status).toBe(500);
		expect((await send('POST', `${vm}/status/start`)).status).toBe(400);
	});
});
