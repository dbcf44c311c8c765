import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
	defaultChecks,
	gatewayCheck,
	readiness,
	type PartName,
} from '../../../src/server/health/index.ts';
import { createStripeGateway } from '../../../src/server/payments/stripe.ts';
import { getReady, startBackends, useEnv, type Backends } from './fixture.ts';

// Readiness against the real thing for each part (the local stack, the fakes of Stripe and
// Pterodactyl, the stack's SMTP receiver): all up, then each part down in turn, which the answer
// names alone.

let backends: Backends;
beforeAll(async () => {
	backends = await startBackends();
});
afterAll(() => backends.stop());
afterEach(() => vi.unstubAllEnvs());

const stripeGateway = (secretKey = 'sk_test_fake', port?: number) =>
	createStripeGateway({
		secretKey,
		webhookSecrets: ['whsec_health'],
		client: port
			? backends.stripe.client({ port, timeout: 3_000 })
			: backends.stripe.client({}, secretKey),
	});

/** Which parts are down, and the answer's status. */
const failing = (checks: Record<string, { ok: boolean }>) =>
	Object.entries(checks)
		.filter(([, part]) => !part.ok)
		.map(([name]) => name);

describe('GET /api/ready against the local stack and the fakes', () => {
	it('answers 200 and every part ok, with the test gateway and Pterodactyl named', async () => {
		useEnv(backends.env);
		const { status, body } = await getReady();
		expect(body).toEqual({
			status: 'ready',
			checks: {
				database: { ok: true, ms: expect.any(Number) },
				gateway: { ok: true, ms: expect.any(Number), kind: 'test' },
				gamePanel: { ok: true, ms: expect.any(Number), kind: 'pterodactyl' },
				hypervisor: { ok: true, ms: expect.any(Number), kind: 'proxmox' },
				mailer: { ok: true, ms: expect.any(Number) },
			},
		});
		expect(status).toBe(200);
		// The panel was asked through both APIs, each with its own key.
		const asked = backends.panel.requests.map((r) => `${r.method} ${r.path}`);
		expect(asked).toEqual(
			expect.arrayContaining(['GET application/locations?per_page=1', 'GET client?per_page=1']),
		);
		// Proxmox was asked an authenticated read with the token (the fake refuses anything else).
		expect(backends.proxmox.seen.map((r) => `${r.method} ${r.path}`)).toContain('GET /version');
	});

	it('is ready with Stripe too, asked through the fake API', async () => {
		useEnv(backends.env);
		backends.stripe.requests.length = 0;
		const result = await readiness({
			...defaultChecks(),
			gateway: () => gatewayCheck(stripeGateway()),
		});
		expect(result.status).toBe('ready');
		expect(result.checks.gateway).toEqual({ ok: true, ms: expect.any(Number), kind: 'stripe' });
		expect(backends.stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v1/balance',
		]);
	});

	const downCases: [PartName, string, () => Promise<Record<string, string>>, RegExp][] = [
		[
			'database',
			'its URL is a closed port',
			async () => ({ PUBLIC_SUPABASE_URL: `http://127.0.0.1:${await backends.closedPort()}` }),
			/^The database did not answer a query \(no answer\): .*ECONNREFUSED/,
		],
		[
			'database',
			'the service key is refused',
			() => Promise.resolve({ SUPABASE_SERVICE_ROLE_KEY: 'not-a-key-of-this-project' }),
			/^The database refused the service key \(HTTP 401\): check SUPABASE_SERVICE_ROLE_KEY/,
		],
		[
			'gamePanel',
			'Pterodactyl is a closed port',
			async () => ({ PTERODACTYL_URL: `http://127.0.0.1:${await backends.closedPort()}` }),
			/^application API: .*ECONNREFUSED.*; client API: .*ECONNREFUSED/,
		],
		[
			'hypervisor',
			'Proxmox is a closed port',
			async () => ({ PROXMOX_URL: `http://127.0.0.1:${await backends.closedPort()}` }),
			/ECONNREFUSED|did not answer|no answer/i,
		],
		[
			'hypervisor',
			'Proxmox refuses the token',
			() => Promise.resolve({ PROXMOX_TOKEN_SECRET: 'not-the-token-secret' }),
			/401|token|auth/i,
		],
		[
			'hypervisor',
			'the Proxmox token is half set',
			() => Promise.resolve({ PROXMOX_TOKEN_ID: '' }),
			/^PROXMOX_TOKEN_ID is required with PROXMOX_URL/,
		],
		[
			'mailer',
			'SMTP is a closed port',
			async () => ({ SMTP_URL: `smtp://127.0.0.1:${await backends.closedPort()}` }),
			/^The SMTP server at 127\.0\.0\.1:\d+ could not be verified: .*ECONNREFUSED/,
		],
		[
			'gateway',
			'the Stripe settings are half made',
			() => Promise.resolve({ STRIPE_SECRET_KEY: 'sk_test_half_made' }),
			/^STRIPE_WEBHOOK_SECRET is not set/,
		],
	];

	it.each(downCases)(
		'answers 503 naming only the %s when %s',
		async (part, _why, change, reason) => {
			useEnv({ ...backends.env, ...(await change()) });
			const { status, body } = await getReady();
			expect(status).toBe(503);
			expect(body.status).toBe('unready');
			const checks = body.checks as Record<string, { ok: boolean; error?: string }>;
			expect(failing(checks)).toEqual([part]);
			expect(checks[part]?.error).toMatch(reason);
		},
	);
});

describe('readiness with Stripe down', () => {
	it.each([
		[
			'the fake refuses the key',
			() => stripeGateway('sk_test_wrong_key_0123'),
			/^Stripe refused the secret key/,
		],
		[
			'nothing listens',
			async () => stripeGateway('sk_test_fake', await backends.closedPort()),
			/^Stripe did not answer/,
		],
	] as const)('names only the gateway when %s', async (_why, gateway, reason) => {
		useEnv(backends.env);
		const made = await gateway();
		const result = await readiness({ ...defaultChecks(), gateway: () => gatewayCheck(made) });
		expect(result.status).toBe('unready');
		expect(failing(result.checks)).toEqual(['gateway']);
		expect(result.checks.gateway).toMatchObject({
			ok: false,
			kind: 'stripe',
			error: expect.stringMatching(reason),
		});
	});
});
