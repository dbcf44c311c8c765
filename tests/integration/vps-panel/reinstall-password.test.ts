import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, other, startProductStack, type Personas } from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import { loadMachines } from '../../../src/server/hypervisor/sim-store.ts';
import type * as ProvisionModule from '../../../src/server/checkout/provision.ts';
import type * as ReinstallModule from '../../../src/server/vps-panel/reinstall.ts';
import type * as PasswordModule from '../../../src/server/vps-panel/password.ts';
import type * as KeptModule from '../../../src/server/vps/kept-password.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';

// Issue 31: reinstalling a VPS and resetting its root password from the panel, on the simulated
// hypervisor (in a file, so the test sees what the machine is): owner only, refused while it
// cannot be touched, the hostname typed to confirm, checkout's image and key rules, the addresses
// kept, a generated password in the answer only, the password applied now or at the next boot.

let p: Personas;
let owner: User;
let admin: AdminClient;
let provision: typeof ProvisionModule.provision;
let reinstallVps: typeof ReinstallModule.reinstallVps;
let resetVpsPassword: typeof PasswordModule.resetVpsPassword;
let takePassword: typeof KeptModule.takePassword;
/** A whole ed25519 key (checkout's rules read the blob; vps-order.ts's key is a placeholder). */
const sshKey =
	'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH frost@laptop';
const folder = mkdtempSync(join(tmpdir(), 'vps-panel-'));
const file = join(folder, 'machines.json');
let orders = 0;

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
		HYPERVISOR_SIM_FILE: file,
		HYPERVISOR_SIM_DELAY_MS: '0',
	});
	({ provision } = await import('../../../src/server/checkout/provision.ts'));
	({ reinstallVps } = await import('../../../src/server/vps-panel/reinstall.ts'));
	({ resetVpsPassword } = await import('../../../src/server/vps-panel/password.ts'));
	({ takePassword } = await import('../../../src/server/vps/kept-password.ts'));
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	owner = (await p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(async () => {
	await p.stack.stop();
	rmSync(folder, { recursive: true, force: true });
});

/** A delivered VPS (2 GB, Debian, a generated password) and its hostname. */
async function runningVps(): Promise<{ id: string; hostname: string }> {
	const key = `vps-panel-${++orders}`;
	const { serviceId } = await paidVps(p, owner.id, key);
	await provision(admin, serviceId, 'http://site.test');
	return { id: serviceId, hostname: key };
}

const machineOf = (serviceId: string) =>
	loadMachines(file).machines.find((m) => m.tags.includes(`svc-${serviceId}`))!;

const row = async (serviceId: string) =>
	(
		await p.service
			.from('vps_machines')
			.select('image, ssh_keys')
			.eq('service_id', serviceId)
			.single()
	).data!;

const activity = async (serviceId: string) =>
	(
		await p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', serviceId)
			.order('id', { ascending: false })
	).data!;

const setStatus = async (serviceId: string, status: string) => {
	const { error } = await p.service.from('services').update({ status }).eq('id', serviceId);
	if (error) throw error;
};

describe('reinstall', () => {
	it('gives the owner a fresh image with a password shown once, on the same addresses', async () => {
		const vps = await runningVps();
		const before = machineOf(vps.id);
		const done = await reinstallVps(
			admin,
			owner,
			vps.id,
			{ image: 'ubuntu-24.04', confirm: ` ${vps.hostname.toUpperCase()} ` },
			true,
		);
		expect(done).toMatchObject({ image: 'ubuntu-24.04', user: 'root', sshKeys: 0 });
		if (typeof done === 'string') throw new Error(done);
		expect(done.password).toMatch(/^[A-Za-z0-9]{20}$/);
		const after = machineOf(vps.id);
		expect(after).toMatchObject({ vmid: before.vmid, hostname: before.hostname, ip: before.ip });
		expect(after.ip.ipv4?.address).toMatch(/^203\.0\.113\./);
		expect(after.template).not.toBe(before.template);
		expect(await row(vps.id)).toEqual({ image: 'ubuntu-24.04', ssh_keys: [] });
		// Not kept anywhere: the order page has nothing left to show, now or later.
		expect(await takePassword(admin, vps.id)).toBeNull();
		expect((await activity(vps.id))[0]).toEqual({
			event: 'reinstalled',
			detail: { image: 'ubuntu-24.04' },
		});
	});

	it('installs SSH keys instead of a password', async () => {
		const vps = await runningVps();
		const done = await reinstallVps(
			admin,
			owner,
			vps.id,
			{ image: 'rocky-9', sshKeys: [sshKey], confirm: vps.hostname },
			true,
		);
		expect(done).toMatchObject({ image: 'rocky-9', password: null, sshKeys: 1 });
		expect(await row(vps.id)).toEqual({ image: 'rocky-9', ssh_keys: [sshKey] });
	});

	it('refuses a stranger, a wrong hostname, checkout’s rules and a stale sign-in, changing nothing', async () => {
		const vps = await runningVps();
		const before = machineOf(vps.id);
		const ask = (image: string, confirm: string, extra: { sshKeys?: string[] } = {}) =>
			reinstallVps(admin, owner, vps.id, { image, confirm, ...extra }, true);
		const stranger = { ...owner, id: other.id };
		expect(
			await reinstallVps(
				admin,
				stranger,
				vps.id,
				{ image: 'debian-12', confirm: vps.hostname },
				true,
			),
		).toBe('not_found');
		expect(
			await reinstallVps(admin, owner, 'nope', { image: 'debian-12', confirm: vps.hostname }, true),
		).toBe('not_found');
		expect(
			await reinstallVps(
				admin,
				owner,
				vps.id,
				{ image: 'debian-12', confirm: vps.hostname },
				false,
			),
		).toBe('not_privileged');
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
			reinstallVps(admin, owner, vps.id, { image: 'debian-12', confirm: vps.hostname }, true);
		await setStatus(vps.id, 'suspended');
		expect(await ask()).toBe('suspended');
		await setStatus(vps.id, 'cancelled');
		expect(await ask()).toBe('ended');
		const waiting = await paidVps(p, owner.id, `vps-panel-${++orders}`);
		expect(
			await reinstallVps(
				admin,
				owner,
				waiting.serviceId,
				{ image: 'debian-12', confirm: `vps-panel-${orders}` },
				true,
			),
		).toBe('not_ready');
	});
});

describe('password reset', () => {
	it('sets a new root password at once on a running machine, at the next boot on a stopped one', async () => {
		const vps = await runningVps();
		const now = await resetVpsPassword(admin, owner, vps.id, true);
		expect(now).toMatchObject({ user: 'root', applied: 'now' });
		if (typeof now === 'string') throw new Error(now);
		expect(now.password).toMatch(/^[A-Za-z0-9]{20}$/);
		const { getHypervisor } = await import('../../../src/server/hypervisor/index.ts');
		const { vmid, node } = machineOf(vps.id);
		await getHypervisor().power({ node, vmid }, 'stop');
		const later = await resetVpsPassword(admin, owner, vps.id, true);
		expect(later).toMatchObject({ user: 'root', applied: 'next_boot' });
		if (typeof later === 'string') throw new Error(later);
		expect(later.password).not.toBe(now.password);
		expect((await activity(vps.id)).slice(0, 2)).toEqual([
			{ event: 'password_reset', detail: { applied: 'next_boot' } },
			{ event: 'password_reset', detail: { applied: 'now' } },
		]);
	});

	it('refuses a stranger, a stale sign-in, a suspended machine, and is not a VPS’s for a game server', async () => {
		const vps = await runningVps();
		const before = await activity(vps.id);
		expect(await resetVpsPassword(admin, { ...owner, id: other.id }, vps.id, true)).toBe(
			'not_found',
		);
		expect(await resetVpsPassword(admin, owner, vps.id, false)).toBe('not_privileged');
		await setStatus(vps.id, 'suspended');
		expect(await resetVpsPassword(admin, owner, vps.id, true)).toBe('suspended');
		expect(await activity(vps.id)).toEqual(before);
		// The owner's game server: the password route sends it on to the game panel's reset.
		expect(await resetVpsPassword(admin, owner, ids.palworld, true)).toBe('not_vps');
	});
});
