import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultChecks } from './checks';
import { readiness } from './readiness';

// The production parts, got through the factories, with settings each factory refuses: every
// part is down with its configuration message, and no secret from the settings shows anywhere.
// Nothing leaves the machine (the database is a closed loopback port; the rest never connect).

const secrets = {
	SUPABASE_SERVICE_ROLE_KEY: 'service-role-RECOGNISABLE-0001',
	STRIPE_SECRET_KEY: 'pk_live_RECOGNISABLE0002',
	STRIPE_WEBHOOK_SECRET: 'whsec_RECOGNISABLE0003',
	PTERODACTYL_APPLICATION_KEY: 'papp_RECOGNISABLE0004',
	PTERODACTYL_CLIENT_KEY: 'pacc_RECOGNISABLE0005',
	SMTP_URL: 'smtps://RECOGNISABLE0006:RECOGNISABLE0007@smtp.example:465?debug=1',
	PROXMOX_TOKEN_SECRET: 'RECOGNISABLE0008',
};

afterEach(() => vi.unstubAllEnvs());

/** A loopback port nothing listens on (port 1 would be refused by fetch itself, as a bad port). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

function stub(env: Record<string, string>) {
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

describe('the production checks with refused settings', () => {
	it('report each part down with its configuration message, and no secret', async () => {
		stub({
			...secrets,
			PUBLIC_SUPABASE_URL: `http://127.0.0.1:${await closedPort()}`,
			PUBLIC_SUPABASE_ANON_KEY: 'anon',
			PTERODACTYL_URL: 'https://panel.example',
			PTERODACTYL_EGGS: '',
			PROXMOX_URL: 'http://pve1.example:8006',
			PROXMOX_TOKEN_ID: 'provisioner@pve!frostnode',
			MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		});
		// Without redaction first: the probes' own words must already be clean.
		for (const env of [{}, process.env]) {
			const result = await readiness(defaultChecks(), { env });
			expect(result.status).toBe('unready');
			expect(result.checks).toMatchObject({
				database: {
					ok: false,
					error: expect.stringMatching(/^The database did not answer .*ECONNREFUSED/),
				},
				gateway: { ok: false, kind: 'stripe', error: expect.stringMatching(/STRIPE_SECRET_KEY/) },
				gamePanel: { ok: false, kind: 'pterodactyl', error: expect.stringMatching(/Pelican/) },
				hypervisor: {
					ok: false,
					kind: 'proxmox',
					error: expect.stringMatching(/PROXMOX_URL must use https/),
				},
				mailer: { ok: false, error: expect.stringMatching(/^SMTP_URL takes no query/) },
			});
			const json = JSON.stringify(result);
			expect(json).not.toContain('RECOGNISABLE');
			expect(json).not.toContain('[redacted]');
		}
	});

	it('say which settings the database needs when they are missing', async () => {
		stub({ PUBLIC_SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', SUPABASE_SECRET_KEY: '' });
		const result = await readiness({ ...defaultChecks() }, { env: {} });
		expect(result.checks.database).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The database is not configured: PUBLIC_SUPABASE_URL/),
		});
	});
});
