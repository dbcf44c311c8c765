import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultChecks, gatewayCheck, readiness } from '../../../src/server/health/index.ts';
import { createStripeGateway } from '../../../src/server/payments/stripe.ts';
import { startRelay, type Relay } from '../mail/relay.ts';
import { getReady, startBackends, useEnv, type Backends } from './fixture.ts';

// Recognisable secrets, every one of them refused by the service it is sent to (the database, Stripe,
// both panel APIs, a relay that demands a login): the readiness answer names each refusal and shows
// none of them, with its own redaction and without it (the probes' words alone).

const MARK = 'RECOGNISABLE';
const secrets = {
	SUPABASE_SERVICE_ROLE_KEY: `eyJ${MARK}.service-role.0001`,
	STRIPE_SECRET_KEY: `sk_test_${MARK}0002abcdefghij`,
	STRIPE_WEBHOOK_SECRET: `whsec_${MARK}0003`,
	TEST_GATEWAY_SECRET: `${MARK}-test-gateway-secret-0004-0123456789`,
	PTERODACTYL_APPLICATION_KEY: `ptla_${MARK}0005${'a'.repeat(31)}`,
	PTERODACTYL_CLIENT_KEY: `ptlc_${MARK}0006${'c'.repeat(31)}`,
};
const smtpUser = `${MARK}user0007`;
const smtpPass = `${MARK}pass0008`;

let backends: Backends;
let relay: Relay;
beforeAll(async () => {
	backends = await startBackends();
	relay = await startRelay({ method: 'PLAIN', user: 'frostnode', pass: 'the-right-one' });
});
afterAll(async () => {
	await relay.close();
	await backends.stop();
});
afterEach(() => vi.unstubAllEnvs());

function refusedEverywhere() {
	useEnv({
		...backends.env,
		...secrets,
		SMTP_URL: `smtp://${smtpUser}:${smtpPass}@127.0.0.1:${relay.port}`,
	});
	// Stripe cannot be pointed at the fake through settings: its gateway is handed in, with the key.
	const stripe = createStripeGateway({
		secretKey: secrets.STRIPE_SECRET_KEY,
		webhookSecrets: [secrets.STRIPE_WEBHOOK_SECRET],
		client: backends.stripe.client({}, secrets.STRIPE_SECRET_KEY),
	});
	return { ...defaultChecks(), gateway: () => gatewayCheck(stripe) };
}

describe('the readiness answer with every secret refused', () => {
	it('names every part down, and none of the secrets, redacted or not', async () => {
		const checks = refusedEverywhere();
		for (const env of [{}, process.env]) {
			const result = await readiness(checks, { env });
			expect(result.checks).toMatchObject({
				database: { ok: false, error: expect.stringContaining('HTTP 401') },
				gateway: { ok: false, error: expect.stringMatching(/^Stripe refused the secret key/) },
				gamePanel: { ok: false, error: expect.stringMatching(/401.*401/) },
				mailer: { ok: false, error: expect.stringMatching(/refused the login/) },
			});
			const json = JSON.stringify(result);
			expect(json).not.toContain(MARK);
			// Nor the tails Stripe quotes of a refused key.
			expect(json).not.toContain('Invalid API Key');
		}
	});

	it('shows none of them from the route either', async () => {
		refusedEverywhere();
		const { status, body } = await getReady();
		expect(status).toBe(503);
		expect(JSON.stringify(body)).not.toContain(MARK);
	});
});
