/**
 * What the browser tests run against: a fresh local stack in memory (migrations and demo seed,
 * email confirmation on, mailbox and its SMTP receiver on known ports) and the built site pointed
 * at it, sending its own mail to that mailbox. E2E_PORT and E2E_PORT_BASE move its ports
 * (tests/e2e/ports.ts), E2E_BACKEND_FILE its backend file, and DATABASE_URL puts its stack's data on
 * that PostgreSQL server, as tests/e2e/postgres-shop.ts runs a second one beside this one.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { provisionDemoServers } from './demo-servers.ts';
import { startBackend } from './local-backend.ts';
import { e2eBackendFile } from '../tests/e2e/backend-file.ts';
import { serveSite } from './serve.ts';
import { cronSecret, testGatewaySecret } from '../tests/e2e/secrets.ts';
import { e2ePorts } from '../tests/e2e/ports.ts';

const site = `http://127.0.0.1:${e2ePorts.site}`;
const backend = await startBackend({
	apiPort: e2ePorts.api,
	mailPort: e2ePorts.mailbox,
	smtpPort: e2ePorts.smtp,
	quiet: true,
	siteUrl: site,
	// The suite signs in and registers far faster than customers do, from a handful of addresses; the
	// hosted limit of 30 per address in 5 minutes would turn its pace into 429s. Failed sign-ins keep
	// their default limits, and the site's own limits (what the attack tests exercise) are unchanged.
	rateLimits: { signInsSignUpsPerIp: 1000 },
});
// The browser tests play many customers from one machine: each test worker names itself by an
// X-Forwarded-For address (playwright.config.ts), believed because loopback is a trusted proxy here.
// Attacks sent straight from other loopback addresses (127.0.0.2, …) are not proxies and are keyed on
// their own socket address.
// Short simulated-panel delays keep the install and start visible to the progress page without
// making every purchase test wait as long as a real install.
// The demo's servers run on the simulated panel, as they would after `npm start`.
const simFile = join(await mkdtemp(join(tmpdir(), 'e2e-panel-')), 'game-panel.json');
// The embedded DNS keeps its records in a file the browser tests read (subdomain.test.ts).
const dnsFile = join(dirname(simFile), 'dns.json');
// The simulated hypervisor's machines likewise (what a billing test suspends or destroys).
const hypervisorFile = join(dirname(simFile), 'hypervisor.json');
await provisionDemoServers(backend.env, simFile);
const { child } = await serveSite(e2ePorts.site, {
	GAME_PANEL_SIM_FILE: simFile,
	DNS_EMBEDDED_FILE: dnsFile,
	HYPERVISOR_SIM_FILE: hypervisorFile,
	...backend.env,
	// Its own origin, whatever the environment says; it also answers as localhost (host-header.test.ts).
	PUBLIC_SITE_URL: site,
	TRUSTED_PROXIES: '127.0.0.1',
	GAME_PANEL_SIM_DELAY_MS: '300',
	// Stockholm has room for a game server of up to 8 GB and no more, so a browser test sees a
	// location full for a bigger plan (tests/e2e/locations-order.test.ts); nothing orders there.
	GAME_PANEL_SIM_CAPACITY: 'stockholm=8:1000',
	HYPERVISOR_SIM_DELAY_MS: '300',
	PROVISIONING_POLL_MS: '100',
	// An open console closes within a second of its session, server or password changing.
	CONSOLE_ACCESS_CHECK_SECONDS: '1',
	TEST_GATEWAY_SECRET: testGatewaySecret,
	CRON_SECRET: cronSecret,
});
// The browser tests make their own customers and invoices (tests/e2e/fixtures.ts) the way an
// operator's script would: with the service role of this throwaway, in-memory stack.
await mkdir(dirname(e2eBackendFile), { recursive: true });
await writeFile(
	e2eBackendFile,
	JSON.stringify({
		url: backend.env.PUBLIC_SUPABASE_URL,
		anonKey: backend.env.PUBLIC_SUPABASE_ANON_KEY,
		serviceRoleKey: backend.env.SUPABASE_SERVICE_ROLE_KEY,
		dnsFile,
		// The simulated game panel's state file; its files, backups and links are beside it.
		simFile,
		// The simulated hypervisor's machines (where a VPS runs).
		hypervisorFile,
	}),
);
console.log(`e2e: site ${site}, backend ${backend.env.PUBLIC_SUPABASE_URL}`);

const stop = async () => {
	child.kill('SIGTERM');
	await backend.stack?.stop();
	process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
