import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIContext } from 'astro';
import { vi } from 'vitest';
import { localMailEnv } from '../../../scripts/local-backend.ts';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';
import { fakeEnv } from '../game-panel/targets.ts';
import {
	startFakePterodactyl,
	type FakePterodactyl,
} from '../game-panel/fake-pterodactyl/index.ts';
import {
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	type FakeProxmox,
} from '../hypervisor/fake-proxmox.ts';
import { closedPort } from '../mail/relay.ts';
import { startStripeFake, type StripeFake } from '../payments/stripe-fake.ts';

// Everything readiness asks, up and in process: the local stack (its database through the REST
// API, its SMTP receiver), a fake Pterodactyl, a fake Proxmox and a fake Stripe. `env` is what the site would be
// given; Stripe has no setting that points it at a fake, so tests hand its gateway in directly.

export interface Backends {
	stack: LocalStack;
	panel: FakePterodactyl;
	proxmox: FakeProxmox;
	stripe: StripeFake;
	env: Record<string, string>;
	/** A loopback port nothing listens on. */
	closedPort(): Promise<number>;
	stop(): Promise<void>;
}

const migrationsDir = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));

export async function startBackends(): Promise<Backends> {
	const empty = mkdtempSync(join(tmpdir(), 'health-test-'));
	// The migrations for the table the database check reads; no seed, which it does not need.
	const stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir,
		seedFile: join(empty, 'none.sql'),
	});
	const [panel, proxmox, stripe] = await Promise.all([
		startFakePterodactyl(),
		startFakeProxmox(),
		startStripeFake(),
	]);
	const env = {
		PUBLIC_SUPABASE_URL: stack.url,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
		SUPABASE_SECRET_KEY: '',
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		TEST_GATEWAY_SECRET: 'health-test-gateway-secret-0123456789',
		...fakeEnv(panel),
		PROXMOX_URL: proxmox.url,
		PROXMOX_TOKEN_ID: fakeTokenId,
		PROXMOX_TOKEN_SECRET: fakeTokenSecret,
		...localMailEnv(stack),
	};
	return {
		stack,
		panel,
		proxmox,
		stripe,
		env,
		closedPort,
		async stop() {
			await Promise.all([stack.stop(), panel.close(), proxmox.close(), stripe.close()]);
			rmSync(empty, { recursive: true, force: true });
		},
	};
}

/** Sets the process environment the checks and factories read (undone by vi.unstubAllEnvs). */
export function useEnv(env: Record<string, string>): void {
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

/** The route as Astro calls it; it reads nothing of the request. */
export async function getReady(): Promise<{ status: number; body: Record<string, unknown> }> {
	const { GET } = await import('../../../src/pages/api/ready.ts');
	const response = await GET({} as APIContext);
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
