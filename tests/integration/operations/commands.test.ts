import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDemoServers } from '../../../scripts/demo-servers.ts';
import { startBackend, type Backend } from '../../../scripts/local-backend.ts';
import { saveSiteSettings } from '../../../scripts/local-env.ts';

// The clock replay of docs/billing.md against what `npm start` leaves behind: the local stack with
// the demo seed, its servers on the simulated panel's state file, and .env.local as npm start
// writes it. `npm run billing:run -- --now …` then suspends, unsuspends and deletes those servers
// in that file, and mails links on the site's own origin.

const site = 'http://127.0.0.1:4713'; // not the default origin: the command must read it
const palworld = 'c0ffee00-0000-4000-8000-000000000101';
const rust = 'c0ffee00-0000-4000-8000-000000000103';
const day = 86_400_000;
let dir: string;
let backend: Backend;
let panelFile: string;

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'frostnode-commands-'));
	panelFile = join(dir, 'supabase', '.data', 'game-panel.json');
	const envFile = join(dir, '.env.local');
	// As scripts/start.ts does, on free ports.
	backend = await startBackend({ apiPort: 0, mailPort: 0, quiet: true, siteUrl: site, envFile });
	await provisionDemoServers(backend.env, panelFile);
	await saveSiteSettings({ PUBLIC_SITE_URL: site, GAME_PANEL_SIM_FILE: panelFile }, envFile);
}, 60_000);

afterAll(async () => {
	await backend.stack?.stop();
	await rm(dir, { recursive: true, force: true });
});

/** `npm run <command> -- <args>` in a checkout whose .env.local npm start wrote. */
function command(script: string, args: string[]) {
	const jiti = resolve('node_modules/jiti/lib/jiti-cli.mjs');
	const env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' };
	const child = spawn(process.execPath, [jiti, resolve('scripts', script), ...args], {
		cwd: dir,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
	child.stderr.on('data', (chunk: Buffer) => (out += String(chunk)));
	return new Promise<{ code: number | null; out: string }>((done) =>
		child.on('exit', (code) => done({ code, out })),
	);
}

async function onPanel(serviceId: string) {
	const state = JSON.parse(await readFile(panelFile, 'utf8')) as {
		servers: {
			serviceId: string;
			suspended: boolean;
			backupLimit: number;
			dailyBackup?: { hour: number; minute: number };
		}[];
	};
	return state.servers.find((server) => server.serviceId === serviceId);
}

const admin = () =>
	createClient(backend.env.PUBLIC_SUPABASE_URL!, backend.env.SUPABASE_SERVICE_ROLE_KEY!, {
		auth: { persistSession: false },
	});

async function replay(at: number) {
	const run = await command('billing-run.ts', ['--now', new Date(at).toISOString()]);
	expect(run.out).toContain('"failures": []');
	expect(run.code).toBe(0);
}

describe('npm run billing:run -- --now against what npm start runs', () => {
	it('starts the demo servers with the backups their plans include, backed up daily', async () => {
		// palworld-standard: 5 backups; the daily backup at the seed's default time, 04:00 UTC.
		expect(await onPanel(palworld)).toMatchObject({
			backupLimit: 5,
			dailyBackup: { hour: 4, minute: 0 },
		});
		const { data } = await admin()
			.from('services')
			.select('panel_backup_limit')
			.eq('id', palworld)
			.single();
		expect(data?.panel_backup_limit).toBe(5);
	});

	it('suspends, unsuspends and deletes servers on the simulated panel, mailing the site', async () => {
		expect(await onPanel(palworld)).toMatchObject({ suspended: false });
		expect(await onPanel(rust)).toMatchObject({ suspended: true });
		// No saved card: the renewal is not paid, so the run suspends the server 3 days after.
		const db = admin();
		await db.from('payment_methods').delete().eq('gateway_reference', 'seed_card_demo');
		const { data: service } = await db
			.from('services')
			.select('current_period_end')
			.eq('id', palworld)
			.single();
		const due = new Date(service!.current_period_end).getTime();
		for (const at of [due - 7 * day, due + 3_600_000, due + 3 * day + 3_600_000]) await replay(at);
		expect(await onPanel(palworld)).toMatchObject({ suspended: true });
		// The Rust server, long overdue by then, was deleted.
		expect(await onPanel(rust)).toBeUndefined();

		// Paid after all (as the gateway's webhook records it): the next run lifts the suspension.
		const paidAt = new Date(due + 3 * day + 2 * 3_600_000).toISOString();
		await db
			.from('invoices')
			.update({ status: 'paid', paid_at: paidAt })
			.eq('service_id', palworld)
			.eq('kind', 'renewal')
			.neq('status', 'paid');
		await replay(due + 3 * day + 3 * 3_600_000);
		expect(await onPanel(palworld)).toMatchObject({ suspended: false });

		expect(await foreignLinks()).toEqual([]);
	});
});

describe('the other commands the docs name', () => {
	it('npm run support:reply answers a ticket and mails a link to its thread on the site', async () => {
		const { data: ticket } = await admin()
			.from('tickets')
			.select('id')
			.eq('status', 'open')
			.limit(1)
			.single();
		const reply = await command('support-reply.ts', ['--ticket', ticket!.id, '--message', 'Done.']);
		expect(reply.code, reply.out).toBe(0);
		expect(JSON.parse(reply.out)).toMatchObject({ outcome: 'sent', mailed: true });
		expect(await foreignLinks()).toEqual([]);
	});

	it('npm run affiliate:payout lists the payout requests waiting', async () => {
		const list = await command('affiliate-payout.ts', ['--list']);
		expect(list.code, list.out).toBe(0);
		expect(Array.isArray(JSON.parse(list.out))).toBe(true);
	});
});

/** Links in the mailbox that do not lead to the site npm start runs. */
async function foreignLinks(): Promise<string[]> {
	const mailbox = `${backend.stack!.mailboxUrl}/api/messages`;
	const { messages } = (await (await fetch(mailbox)).json()) as { messages: { html: string }[] };
	const links = messages.flatMap((m) => [...m.html.matchAll(/href="([^"]+)"/g)].map((h) => h[1]!));
	expect(links.length).toBeGreaterThan(0);
	return links.filter((link) => !link.startsWith(`${site}/`));
}
