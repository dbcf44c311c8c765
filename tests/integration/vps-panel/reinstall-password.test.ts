import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, other } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';
import { loadMachines } from '../../../src/server/hypervisor/sim-store.ts';
import type * as ReinstallModule from '../../../src/server/vps-panel/reinstall.ts';
import type * as PasswordModule from '../../../src/server/vps-panel/password.ts';
import type * as KeptModule from '../../../src/server/vps/kept-password.ts';
import type * as HypervisorModule from '../../../src/server/hypervisor/index.ts';

// Issue 31: reinstalling a VPS and resetting its root password from the panel, on the simulated
// hypervisor (in a file, so the test sees what the machine is): owner only, refused while it
// cannot be touched, the hostname typed to confirm, checkout's image and key rules, the addresses
// kept, a generated password in the answer only, the password applied now or at the next boot.

let v: VpsStack;
let reinstall: typeof ReinstallModule.reinstallVps;
let resetPassword: typeof PasswordModule.resetVpsPassword;
let takePassword: typeof KeptModule.takePassword;
let getHypervisor: typeof HypervisorModule.getHypervisor;
let orders = 0;

/** A whole ed25519 key (checkout's rules read the blob; vps-order.ts's key is a placeholder). */
const sshKey =
	'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH frost@laptop';

beforeAll(async () => {
	v = await startVpsStack();
	({ reinstallVps: reinstall } = await import('../../../src/server/vps-panel/reinstall.ts'));
	({ resetVpsPassword: resetPassword } = await import('../../../src/server/vps-panel/password.ts'));
	({ takePassword } = await import('../../../src/server/vps/kept-password.ts'));
	({ getHypervisor } = await import('../../../src/server/hypervisor/index.ts'));
}, 60_000);
afterAll(() => v.stop());

/** The owner, signed in a few minutes ago (privileged), or `minutesAgo`. */
const owner = (minutesAgo = 5) => ({ customer: v.owner, accessToken: v.tokenSignedIn(minutesAgo) });
const stranger = () => ({
	customer: { ...v.owner, id: other.id },
	accessToken: v.tokenSignedIn(5),
});

/** A delivered VPS (2 GB, Debian, a generated password) and its hostname. */
async function runningVps(): Promise<{ id: string; hostname: string }> {
	const key = `vps-reinstall-${++orders}`;
	return { id: await v.running(key), hostname: key };
}

const machineOf = (serviceId: string) =>
	loadMachines(process.env.HYPERVISOR_SIM_FILE).machines.find((m) =>
		m.tags.includes(`svc-${serviceId}`),
	)!;

const row = async (serviceId: string) =>
	(
		await v.p.service
			.from('vps_machines')
			.select('image, ssh_keys')
			.eq('service_id', serviceId)
			.single()
	).data!;

const activity = async (serviceId: string) =>
	(
		await v.p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', serviceId)
			.order('id', { ascending: false })
	).data!;

const setStatus = async (serviceId: string, status: string) => {
	const { error } = await v.p.service.from('services').update({ status }).eq('id', serviceId);
	if (error) throw error;
};

describe('reinstall', () => {
	it('gives the owner a fresh image with a password shown once, on the same addresses', async () => {
		const vps = await runningVps();
		const before = machineOf(vps.id);
		const done = await reinstall(v.admin, owner(), vps.id, {
			image: 'ubuntu-24.04',
			confirm: ` ${vps.hostname.toUpperCase()} `,
		});
		expect(done).toMatchObject({ image: 'ubuntu-24.04', user: 'root', sshKeys: 0 });
		if (typeof done === 'string') throw new Error(done);
		expect(done.password).toMatch(/^[A-Za-z0-9]{20}$/);
		const after = machineOf(vps.id);
		expect(after).toMatchObject({ vmid: before.vmid, hostname: before.hostname, ip: before.ip });
		expect(after.ip.ipv4?.address).toMatch(/^203\.0\.113\./);
		expect(after.template).not.toBe(before.template);
		expect(await row(vps.id)).toEqual({ image: 'ubuntu-24.04', ssh_keys: [] });
		// Not kept anywhere: the order page has nothing left to show, now or later.
		expect(await takePassword(v.admin, vps.id)).toBeNull();
		expect((await activity(vps.id))[0]).toEqual({
			event: 'reinstalled',
			detail: { image: 'ubuntu-24.04' },
		});
	});

	it('installs SSH keys instead of a password', async () => {
		const vps = await runningVps();
		const done = await reinstall(v.admin, owner(), vps.id, {
			image: 'rocky-9',
			sshKeys: [sshKey],
			confirm: vps.hostname,
		});
		expect(done).toMatchObject({ image: 'rocky-9', password: null, sshKeys: 1 });
		expect(await row(vps.id)).toEqual({ image: 'rocky-9', ssh_keys: [sshKey] });
	});

	it('refuses a stranger, a wrong hostname, checkout’s rules and a stale sign-in, changing nothing', async () => {
		const vps = await runningVps();
		const before = machineOf(vps.id);
		const ask = (image: string, confirm: string, extra: { sshKeys?: string[] } = {}) =>
			reinstall(v.admin, owner(), vps.id, { image, confirm, ...extra });
		expect(
			await reinstall(v.admin, stranger(), vps.id, { image: 'debian-12', confirm: vps.hostname }),
		).toBe('not_found');
		expect(
			await reinstall(v.admin, owner(), 'nope', { image: 'debian-12', confirm: vps.hostname }),
		).toBe('not_found');
		expect(
			await reinstall(v.admin, owner(61), vps.id, { image: 'debian-12', confirm: vps.hostname }),
		).toBe('sign_in_again');
		expect(await ask('debian-12', `${vps.hostname}x`)).toBe('hostname_mismatch');
		expect(await ask('windows-server-2022', vps.hostname)).toBe('vps_image_ram');
		expect(await ask('plan9', vps.hostname)).toBe('vps_image_unknown');
		expect(await ask('debian-12', vps.hostname, { sshKeys: ['ssh-ed25519 AAAA'] })).toBe(
			'vps_ssh_key_invalid',
		);
		expect(machineOf(vps.id)).toEqual(before);
		expect(await row(vps.id)).toEqual({ image: 'debian-12', ssh_keys: [] });
		expect((await activity(vps.id)).map((a) => a.event)).not.toContain('reinstalled');
	});

	it('refuses while suspended, ended or still being set up', async () => {
		const vps = await runningVps();
		const ask = () =>
			reinstall(v.admin, owner(), vps.id, { image: 'debian-12', confirm: vps.hostname });
		await setStatus(vps.id, 'suspended');
		expect(await ask()).toBe('suspended');
		await setStatus(vps.id, 'cancelled');
		expect(await ask()).toBe('ended');
		const waiting = await v.paid(`vps-reinstall-${++orders}`);
		expect(
			await reinstall(v.admin, owner(), waiting, {
				image: 'debian-12',
				confirm: `vps-reinstall-${orders}`,
			}),
		).toBe('not_ready');
	});
});

describe('password reset', () => {
	it('sets a new root password at once on a running machine, at the next boot on a stopped one', async () => {
		const vps = await runningVps();
		const now = await resetPassword(v.admin, owner(), vps.id);
		expect(now).toMatchObject({ user: 'root', applied: 'now' });
		if (typeof now === 'string') throw new Error(now);
		expect(now.password).toMatch(/^[A-Za-z0-9]{20}$/);
		const { vmid, node } = machineOf(vps.id);
		await getHypervisor().power({ node, vmid }, 'stop');
		const later = await resetPassword(v.admin, owner(), vps.id);
		expect(later).toMatchObject({ user: 'root', applied: 'next_boot' });
		if (typeof later === 'string') throw new Error(later);
		expect(later.password).not.toBe(now.password);
		expect((await activity(vps.id)).slice(0, 2)).toEqual([
			{ event: 'password_reset', detail: { applied: 'next_boot' } },
			{ event: 'password_reset', detail: { applied: 'now' } },
		]);
	});

	it('refuses a stranger, a stale sign-in, a suspended machine, and and a game server', async () => {
		const vps = await runningVps();
		const before = await activity(vps.id);
		expect(await resetPassword(v.admin, stranger(), vps.id)).toBe('not_found');
		expect(await resetPassword(v.admin, owner(61), vps.id)).toBe('sign_in_again');
		await setStatus(vps.id, 'suspended');
		expect(await resetPassword(v.admin, owner(), vps.id)).toBe('suspended');
		expect(await activity(vps.id)).toEqual(before);
		// The owner's game server is no VPS: the password route sends it on to the game panel.
		expect(await resetPassword(v.admin, owner(), ids.palworld)).toBe('not_found');
	});
});
