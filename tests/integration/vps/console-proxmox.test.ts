import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import {
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	type FakeProxmox,
} from '../hypervisor/fake-proxmox.ts';
import { fakeProxmoxVersions } from '../hypervisor/fake-proxmox-console.ts';
import { firstFrame } from '../../../src/server/rfb/rfb-client.test-helper.ts';
import { serveSite } from '../../../scripts/serve.ts';
import { freePort } from '../../../scripts/two-servers/ports.ts';
import {
	browserHeaders,
	signedInCustomer,
	type Customer,
} from '../../../scripts/two-servers/browser.ts';

// Issue 39, item 1: the browser console opens on a VPS of Proxmox VE 8.x and 9.1, whichever way
// the release answers vncproxy (a password only when asked before qemu-server 9.1.7; from then
// always, with the ticket carrying it and bound to the port). Through the product itself: the
// built site server, its Proxmox adapter pointed at the fake Proxmox of that release, a customer
// signed in through /login asking POST /api/services/{id}/console, and an RFB viewer on the
// site's /console/<token> WebSocket reaching the machine's screen. Needs the built site (dist/).

const entry = new URL('../../../dist/server/entry.mjs', import.meta.url);
let p: Personas;

beforeAll(async () => {
	if (!existsSync(entry))
		throw new Error('dist/server/entry.mjs is missing: run npm run build first');
	p = await startProductStack();
}, 60_000);
afterAll(() => p.stack.stop());

const stopped = (child: ChildProcess) =>
	new Promise<void>((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve();
		child.once('exit', () => resolve());
		child.kill('SIGTERM');
	});

describe.each(fakeProxmoxVersions)('the console on Proxmox VE %s', (version) => {
	let fake: FakeProxmox;
	let site: { origin: string; child: ChildProcess };
	let customer: Customer;
	let serviceId: string;
	let vmid: number;

	beforeAll(async () => {
		fake = await startFakeProxmox({ version });
		const proxmox = {
			PROXMOX_URL: fake.url,
			PROXMOX_TOKEN_ID: fakeTokenId,
			PROXMOX_TOKEN_SECRET: fakeTokenSecret,
		};
		const backend = {
			PUBLIC_SUPABASE_URL: p.stack.url,
			PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
			SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
			SUPABASE_SECRET_KEY: p.stack.secretKey,
			SMTP_URL: p.stack.smtpUrl,
			MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		};
		// Paid and set up as checkout does, by this process, on the same fake the site will ask.
		Object.assign(process.env, backend, proxmox);
		const port = await freePort();
		const origin = `http://127.0.0.1:${port}`;
		const served = await serveSite(port, {
			...backend,
			...proxmox,
			PUBLIC_SITE_URL: origin,
			STRIPE_SECRET_KEY: '',
			STRIPE_WEBHOOK_SECRET: '',
			PTERODACTYL_URL: '',
		});
		site = { origin, child: served.child };
		customer = await signedInCustomer(p.service, origin);
		serviceId = (await paidVps(p, customer.id, `console-pve-${version.replaceAll('.', '-')}`))
			.serviceId;
		const { provision } = await import('../../../src/server/provisioning/provision.ts');
		const { adminClient } = await import('../../../src/server/supabase/admin-client.ts');
		await provision(adminClient()!, serviceId, origin);
		const service = await p.service.from('services').select('status').eq('id', serviceId).single();
		expect(service.data?.status).toBe('active');
		const machine = await p.service
			.from('vps_machines')
			.select('vmid')
			.eq('service_id', serviceId)
			.single();
		vmid = machine.data!.vmid;
		expect(fake.vms.get(vmid)?.status).toBe('running');
	}, 120_000);

	afterAll(async () => {
		if (site) await stopped(site.child);
		await fake?.close();
	});

	it('opens through the site, showing the machine’s screen', async () => {
		fake.seen.length = 0;
		const made = await fetch(`${site.origin}/api/services/${serviceId}/console`, {
			method: 'POST',
			headers: browserHeaders(site.origin, customer),
			body: JSON.stringify({ locale: 'en' }),
		});
		expect(made.status).toBe(200);
		const { url } = (await made.json()) as { url: string };
		const viewer = new WebSocket(`ws://127.0.0.1:${new URL(site.origin).port}${url}`, {
			origin: site.origin,
			headers: { Cookie: customer.cookie },
		});
		try {
			// A refused upgrade (the site answering 403 when the hypervisor gave no console) fails
			// at once. The fake's QEMU draws "fake Proxmox VM <vmid>" and a login prompt.
			const refused = new Promise<never>((_, reject) => viewer.once('error', reject));
			expect((await Promise.race([firstFrame(viewer), refused])).lit).toBeGreaterThan(100);
		} finally {
			viewer.close();
		}
		// The screen came from this release's vncproxy, asked for a generated password.
		expect(fake.seen.filter((call) => call.path.endsWith('/vncproxy'))).toEqual([
			{
				method: 'POST',
				path: `/nodes/pve1/qemu/${vmid}/vncproxy`,
				params: { websocket: '1', 'generate-password': '1' },
			},
		]);
	});
});
