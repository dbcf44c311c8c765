import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';

// What the VPS panel tests share: the local stack with the demo seed, the simulated hypervisor
// (no delays) in a file of its own, and VPS services the way checkout and provisioning make them.

export interface VpsStack {
	p: Personas;
	admin: AdminClient;
	owner: User;
	/** A paid VPS waiting in 'provisioning' (its machine row exists, no machine yet). */
	paid(key: string): Promise<string>;
	/** A paid VPS provisioned on the simulation: active and running. */
	running(key: string): Promise<string>;
	/** A session token whose last sign-in (amr) was `minutesAgo` minutes ago. */
	tokenSignedIn(minutesAgo: number): string;
	stop(): Promise<void>;
}

export async function startVpsStack(): Promise<VpsStack> {
	const p = await startProductStack();
	const folder = mkdtempSync(join(tmpdir(), 'vps-panel-'));
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
		PROXMOX_URL: '',
		HYPERVISOR_SIM_FILE: join(folder, 'machines.json'),
		HYPERVISOR_SIM_DELAY_MS: '0',
	});
	const { provision } = await import('../../../src/server/provisioning/provision.ts');
	const admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	const owner = (await p.owner.auth.getUser()).data.user!;
	const paid = async (key: string) => (await paidVps(p, owner.id, key)).serviceId;
	return {
		p,
		admin,
		owner,
		paid,
		async running(key) {
			const id = await paid(key);
			await provision(admin, id, 'http://site.test');
			return id;
		},
		tokenSignedIn(minutesAgo) {
			const now = Math.floor(Date.now() / 1000);
			const payload = { iat: now, amr: [{ method: 'password', timestamp: now - minutesAgo * 60 }] };
			return `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
		},
		async stop() {
			await p.stack.stop();
			rmSync(folder, { recursive: true, force: true });
		},
	};
}
