import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	fakeNode,
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	templateVmid,
	type FakeProxmox,
} from './fake-proxmox.ts';
import { fakeProxmoxVersions } from './fake-proxmox-console.ts';
import { screenThroughRelay } from './suite.ts';

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

	it('answers a node, its machines and storage; nothing from an offline or unknown node', async () => {
		expect(await send('GET', '/nodes/pve2/status')).toMatchObject({
			status: 200,
			body: { data: { cpuinfo: { cpus: 512 }, memory: { total: 4096 * 1024 ** 3 } } },
		});
		const machines = (await send('GET', '/nodes/pve2/qemu?full=1')).body as {
			data: { vmid: number; template?: number; maxdisk: number }[];
		};
		expect(machines.data).toHaveLength(5);
		expect(machines.data.every((vm) => vm.template === 1 && vm.maxdisk === 2 * 1024 ** 3)).toBe(
			true,
		);
		expect(await send('GET', '/nodes/pve2/storage/local-lvm/status')).toMatchObject({
			body: { data: { active: 1, total: 100_000 * 1024 ** 3, used: 10 * 1024 ** 3 } },
		});
		expect(await send('GET', '/nodes/pve2/storage/local/status')).toMatchObject({
			status: 400,
			body: { errors: { storage: 'No such storage.\n' } },
		});
		expect((await send('GET', '/nodes/pve2/status?full=1')).status).toBe(400);
		expect((await send('GET', '/nodes/pve9/status')).status).toBe(500);
		fake.nodes.get('pve2')!.status = 'offline';
		expect((await send('GET', '/nodes/pve2/qemu')).status).toBe(595);
		expect((await send('GET', `/nodes/pve2/qemu/9112/config`)).status).toBe(595);
		expect(await send('GET', '/nodes')).toMatchObject({
			body: {
				data: [
					{ node: 'pve1', status: 'online' },
					{ node: 'pve2', status: 'offline' },
				],
			},
		});
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

// vncproxy as each release answers it (qemu-server's PVE/API2/Qemu.pm), and the VNC password
// behind it: the ticket itself unless a password was generated.
describe.each(fakeProxmoxVersions)('the fake Proxmox %s console', (version) => {
	let release: FakeProxmox;
	beforeAll(async () => (release = await startFakeProxmox({ version })));
	afterAll(() => release.close());
	const generatesAlways = version === '9.1.7';

	async function vncproxy(params: object, vmid = 300) {
		if (!release.vms.has(vmid)) {
			release.vms.set(vmid, {
				...release.vms.get(templateVmid)!,
				template: false,
				status: 'running',
			});
		}
		const res = await fetch(`${release.url}/api2/json/nodes/${fakeNode}/qemu/${vmid}/vncproxy`, {
			method: 'POST',
			headers: {
				Authorization: `PVEAPIToken=${fakeTokenId}=${fakeTokenSecret}`,
				'Content-Type': 'application/json',
			},
			body: JSON.stringify(params),
		});
		const body = (await res.json()) as { data: Record<string, string> | null };
		return { status: res.status, data: body.data ?? {} };
	}
	const socketOf = (answer: Record<string, string>, vmid = 300) => ({
		url: `${release.url.replace('http', 'ws')}/api2/json/nodes/${fakeNode}/qemu/${vmid}/vncwebsocket?${new URLSearchParams({ port: answer.port!, vncticket: answer.ticket! })}`,
		headers: { Authorization: `PVEAPIToken=${fakeTokenId}=${fakeTokenSecret}` },
	});

	it(`answers /version as ${version}`, async () => {
		const res = await fetch(`${release.url}/api2/json/version`, {
			headers: { Authorization: `PVEAPIToken=${fakeTokenId}=${fakeTokenSecret}` },
		});
		expect(((await res.json()) as { data: unknown }).data).toMatchObject({ version });
	});

	it('knows websocket and generate-password, as booleans, and nothing else', async () => {
		expect((await vncproxy({ websocket: 1, 'generate-password': 1 })).status).toBe(200);
		expect((await vncproxy({ websocket: 'maybe' })).status).toBe(400);
		expect((await vncproxy({ websocket: 1, width: 800 })).status).toBe(400);
	});

	it(`answers a password without generate-password: ${generatesAlways ? 'yes' : 'no'}`, async () => {
		const { data } = await vncproxy({ websocket: 1 });
		if (generatesAlways) {
			expect(data.password).toMatch(/^[!-~]{8}$/);
			expect(data.ticket?.startsWith(`${data.password}:PVEVNC:`)).toBe(true);
		} else {
			expect(data).not.toHaveProperty('password');
			expect(data.ticket).toMatch(/^PVEVNC:/);
		}
	});

	it('answers a generated password when asked', async () => {
		const { data } = await vncproxy({ websocket: 1, 'generate-password': 1 });
		expect(data.password).toMatch(/^[!-~]{8}$/);
		expect(
			await screenThroughRelay({ socket: socketOf(data), password: data.password! }),
		).toBeGreaterThan(100);
	});

	it('takes the ticket as the VNC password when no password was answered', async () => {
		const { data } = await vncproxy({ websocket: 1 });
		expect(
			await screenThroughRelay({ socket: socketOf(data), password: data.ticket! }),
		).toBeGreaterThan(100);
		const again = await vncproxy({ websocket: 1 });
		await expect(
			screenThroughRelay({ socket: socketOf(again.data), password: 'wrong!!!' }),
		).rejects.toThrow();
	});

	it(`binds the ticket to its port: ${generatesAlways ? 'yes' : 'no'}`, async () => {
		const first = await vncproxy({ websocket: 1, 'generate-password': 1 });
		const second = await vncproxy({ websocket: 1, 'generate-password': 1 });
		const crossed = { ...second.data, ticket: first.data.ticket! };
		const seen = screenThroughRelay({ socket: socketOf(crossed), password: second.data.password! });
		if (generatesAlways) await expect(seen).rejects.toThrow();
		else expect(await seen).toBeGreaterThan(100);
	});
});
