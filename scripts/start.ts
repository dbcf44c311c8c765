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
import { startBackend } from './local-backend.ts';
import { serveSite } from './serve.ts';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 4321);
const backend = await startBackend({ dataDir: 'supabase/.data', envFile: '.env.local' });
const CRON_SECRET = cronSecret();
// The simulated game panel keeps its servers beside the local data, so a restart still knows them.
const simulated = !process.env.PTERODACTYL_URL?.trim();
const GAME_PANEL_SIM_FILE = process.env.GAME_PANEL_SIM_FILE ?? 'supabase/.data/game-panel.json';
if (simulated && backend.stack) await provisionDemoServers(backend.env, GAME_PANEL_SIM_FILE);
const siteEnv = { ...backend.env, CRON_SECRET, ...(simulated ? { GAME_PANEL_SIM_FILE } : {}) };

let site: ChildProcess;
let url = `http://localhost:${port}`;
if (dev) {
	site = spawn(join('node_modules', '.bin', 'astro'), ['dev', '--port', String(port)], {
		stdio: 'inherit',
		env: { ...process.env, ...siteEnv, ASTRO_TELEMETRY_DISABLED: '1' },
	});
} else {
	if (await buildIsStale()) {
		console.log('Building the site (sources changed since the last build)…');
		await run('astro', ['build']);
	}
	({ url, child: site } = await serveSite(port, siteEnv));
}
const stopBilling = scheduleBilling(url, CRON_SECRET);

console.log(`
  Frostnode is running.

  Site:          ${url}
  Backend:       ${backend.env.PUBLIC_SUPABASE_URL}${backend.stack ? ' (local stack, data in supabase/.data)' : ' (hosted project)'}${
		backend.stack
			? `
  Mailbox:       ${backend.stack.mailboxUrl}   (every mail the site sends)
  SMTP:          ${backend.stack.smtpUrl}   (the site's SMTP_URL, received by the mailbox)
  Demo sign-in:  demo@frostnode.example / frostnode-demo-2026
  Billing run:   hourly (and a minute after start); npm run billing:run -- --now <ISO time>`
			: ''
	}

  Stop with Ctrl-C.
`);

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
