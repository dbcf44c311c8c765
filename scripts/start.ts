/**
 * `npm start` (and `npm run dev`): the backend (the local Supabase stack unless a hosted project
 * is configured), then the site: the built server, rebuilt when its sources changed, or with
 * `--dev` Astro's dev server. Prints where to open everything. Ctrl-C stops it all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { cronSecret, scheduleBilling } from './billing-schedule.ts';
import { buildIsStale, run } from './build-state.ts';
import { provisionDemoServers } from './demo-servers.ts';
import { startBackend, type Backend } from './local-backend.ts';
import { LOCAL_ENV_FILE, saveSiteSettings } from './local-env.ts';
import { serveSite } from './serve.ts';
import { banner, note, step } from './start-steps.ts';
import { redactedUrl } from '@frostnode/local-supabase';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 4321);
// The site's public origin: every link it writes points here, and the banner names it. It also
// answers as localhost and 127.0.0.1 alike. Astro's dev server listens on localhost.
const url =
	process.env.PUBLIC_SITE_URL?.trim() || `http://${dev ? 'localhost' : '127.0.0.1'}:${port}`;
const BUILD_LOG = 'build.log';
console.log(`\n  Starting Frostnode${dev ? ' with the dev server' : ''}…\n`);

let backend: Backend;
try {
	backend = await step(
		'Database',
		() =>
			startBackend({
				dataDir: 'supabase/.data',
				envFile: LOCAL_ENV_FILE,
				quiet: true,
				siteUrl: url,
			}),
		(b) => {
			if (!b.stack) return 'hosted project';
			if (b.stack.engine === 'pglite') return 'local stack on PGlite, data in supabase/.data';
			return `local stack on PostgreSQL (DATABASE_URL ${redactedUrl(process.env.DATABASE_URL)})`;
		},
	);
} catch (error) {
	console.error(`\n  Could not start the database: ${(error as Error).message}\n`);
	process.exit(1);
}
if (backend.stack) {
	const applied = backend.stack.appliedMigrations.length;
	note('Migrations', applied ? `${applied} applied` : 'up to date');
	note('Demo data', backend.stack.seeded ? 'loaded into the new database' : 'kept from before');
}
const CRON_SECRET = cronSecret();
// The simulated game panel keeps its servers beside the local data, so a restart still knows them.
const simulated = !process.env.PTERODACTYL_URL?.trim();
const GAME_PANEL_SIM_FILE = process.env.GAME_PANEL_SIM_FILE ?? 'supabase/.data/game-panel.json';
// Its servers' files and backups beside it, named for the operator's commands too (a billing run
// that deletes a server deletes its files).
const GAME_PANEL_SIM_DIR = process.env.GAME_PANEL_SIM_DIR ?? 'supabase/.data/game-panel-files';
if (simulated && backend.stack)
	await step(
		'Game panel',
		() => provisionDemoServers(backend.env, GAME_PANEL_SIM_FILE, GAME_PANEL_SIM_DIR),
		() => 'simulated, demo servers running',
	);
// The simulated hypervisor keeps the customers' VPS machines there too (unless Proxmox is set).
const simulatedHypervisor = !process.env.PROXMOX_URL?.trim();
const HYPERVISOR_SIM_FILE = process.env.HYPERVISOR_SIM_FILE ?? 'supabase/.data/hypervisor.json';
// The embedded DNS likewise keeps the customers' subdomain records there (unless PowerDNS is set).
const embeddedDns = !process.env.DNS_PROVIDER?.trim() && !process.env.POWERDNS_API_URL?.trim();
const DNS_EMBEDDED_FILE = process.env.DNS_EMBEDDED_FILE ?? 'supabase/.data/dns.json';
const siteEnv = {
	...backend.env,
	PUBLIC_SITE_URL: url,
	CRON_SECRET,
	...(simulated ? { GAME_PANEL_SIM_FILE, GAME_PANEL_SIM_DIR } : {}),
	...(simulatedHypervisor ? { HYPERVISOR_SIM_FILE } : {}),
	...(embeddedDns ? { DNS_EMBEDDED_FILE } : {}),
};
// The operator's commands (npm run billing:run, …) read .env.local: they act on this site, on its
// origin and its game panel. Before the build check, which counts .env.local as a source.
if (backend.stack) await saveSiteSettings(siteEnv, LOCAL_ENV_FILE);

let site: ChildProcess;
if (dev) {
	site = spawn(join('node_modules', '.bin', 'astro'), ['dev', '--port', String(port)], {
		stdio: 'inherit',
		env: { ...process.env, ...siteEnv, ASTRO_TELEMETRY_DISABLED: '1' },
	});
} else {
	if (await buildIsStale())
		await step(
			'Build',
			() =>
				run('astro', ['build'], { logFile: BUILD_LOG }).catch((error: Error) => {
					console.error(`\n\n  ${error.message}\n`);
					process.exit(1);
				}),
			(output) =>
				// Astro lists each prerendered page on a line of its own ("├─ /de/index.html").
				`${output.match(/[├└]─ \/\S*\.html/g)?.length ?? 0} pages, log in ${BUILD_LOG}`,
		);
	else note('Build', 'up to date (no source changed since the last build)');
	({ child: site } = await step(
		'Site server',
		() => serveSite(port, siteEnv),
		(server) => server.url,
	));
}
const stopBilling = scheduleBilling(url, CRON_SECRET);

banner([
	['Site', url],
	...(backend.stack
		? ([
				['Demo sign-in', 'demo@frostnode.example / frostnode-demo-2026'],
				[
					'Staff console',
					'/staff: staff@frostnode.example / frostnode-staff-2026, authenticator secret FROSTSTAFFDEMOKEYFORLOCALUSEONLY',
				],
				['Mailbox', `${backend.stack.mailboxUrl} (every mail the site sends)`],
				['Billing run', 'hourly, and a minute after start'],
			] as [string, string][])
		: [['Backend', backend.env.PUBLIC_SUPABASE_URL ?? '']]),
] as [string, string][]);

let stopping = false;
async function stop(): Promise<void> {
	if (stopping) return;
	stopping = true;
	stopBilling();
	site.kill('SIGTERM');
	await backend.stack?.stop();
	process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
site.on('exit', () => void stop());
