import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../chromium.ts';
import { localMailEnv } from '../local-backend.ts';
import { serveSite, type SiteServer } from '../serve.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionDemoServers } from '../demo-servers.ts';
import { dashboardShownAt, scriptWeight, signIn, startToRunning } from './panel-browser.ts';
import { heavyClient, heavyCustomer, startScaledStack } from './scaled-stack.ts';

// The customer panel's pages in Debian Chromium as the heavy customer (1,000 invoices), on a stack
// of its own with the scaled seed and the built site served against it: JavaScript each page
// downloads against the 120 KB target, the dashboard's time to data, and its API call alone.

const PORT = 4393;
const TARGET_KB = 120;
type Row = Record<string, string | number>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const at = (times: number[], p: number) => {
	const sorted = [...times].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!.toFixed(0);
};
const percentiles = (times: number[]): Row => ({
	runs: times.length,
	'p50 ms': at(times, 0.5),
	'p99 ms': at(times, 0.99),
});
/** Data shown, and (p50) when the island asked the API: the rest is the API and the render. */
const loadFigures = (loads: { shown: number; asked: number }[]): Row => ({
	...percentiles(loads.map((l) => l.shown)),
	'API asked p50 ms': at(
		loads.map((l) => l.asked),
		0.5,
	),
});

export async function benchPanelPages(loads = 20, requests = 50): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const stack = await startScaledStack({ siteUrl: origin });
	let site: SiteServer | undefined;
	let browser: Browser | undefined;
	try {
		browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
		// The demo's servers on the simulated panel (delays 0), for Start → running.
		const simFile = join(await mkdtemp(join(tmpdir(), 'bench-panel-')), 'game-panel.json');
		const keys = {
			PUBLIC_SUPABASE_URL: stack.url,
			SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
		};
		await provisionDemoServers(keys, simFile);
		site = await serveSite(PORT, {
			GAME_PANEL_SIM_FILE: simFile,
			GAME_PANEL_SIM_DELAY_MS: '0',
			PUBLIC_SUPABASE_URL: stack.url,
			PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
			SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
			SUPABASE_SECRET_KEY: stack.secretKey,
			...localMailEnv(stack),
		});
		const { client } = await heavyClient(stack);
		const { data: overdue } = await client
			.from('invoices')
			.select('id')
			.eq('status', 'overdue')
			.limit(1)
			.single();
		const { data: server } = await client.from('services').select('id').limit(1).single();
		const session = await signIn(browser, origin, heavyCustomer);
		const pages: Record<string, string> = {
			'/panel': '[data-dashboard]',
			'/panel/billing': '[data-invoice-list] tbody tr',
			[`/panel/billing/invoices/${overdue!.id}`]: '[data-invoice-detail]',
			'/panel/billing/payment-methods': '[data-saved-cards]',
			'/panel/game-servers': '[data-server-list] tbody tr',
			[`/panel/game-servers/servers/${server!.id}`]: '[data-server-detail]',
			'/panel/support': '[data-ticket-table], [data-no-tickets]',
		};
		const rows: Row[] = [];
		for (const [path, ready] of Object.entries(pages)) {
			const weight = await scriptWeight(browser, origin, session, path, ready);
			rows.push({
				measure: `${path.replace(/[0-9a-f-]{36}$/, '<id>')}: JS, first visit`,
				scripts: weight.scripts,
				'JS sent': `${kb(weight.sent)} (${weight.encodings})`,
				'JS gz': kb(weight.gzip),
				[`≤ ${TARGET_KB} KB`]: weight.sent <= TARGET_KB * 1024 ? 'yes' : 'NO',
			});
		}

		// Each first visit is a fresh context (empty cache); the returning visits share one.
		const cold: { shown: number; asked: number }[] = [];
		for (let i = 0; i < loads; i++) {
			const context = await browser.newContext({ baseURL: origin, storageState: session });
			cold.push(await dashboardShownAt(context));
			await context.close();
		}
		rows.push({ measure: '/panel: data shown, first visit', ...loadFigures(cold) });
		const returning = await browser.newContext({ baseURL: origin, storageState: session });
		await dashboardShownAt(returning);
		const warm: { shown: number; asked: number }[] = [];
		for (let i = 0; i < loads; i++) warm.push(await dashboardShownAt(returning));
		await returning.close();
		rows.push({ measure: '/panel: data shown, scripts cached', ...loadFigures(warm) });

		const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
		const api = async () => {
			const t0 = performance.now();
			const response = await fetch(`${origin}/api/panel/dashboard`, { headers: { cookie } });
			if (!response.ok) throw new Error(`/api/panel/dashboard answered ${response.status}`);
			await response.arrayBuffer();
			return performance.now() - t0;
		};
		for (let i = 0; i < 5; i++) await api();
		const answers: number[] = [];
		for (let i = 0; i < requests; i++) answers.push(await api());
		rows.push({ measure: 'GET /api/panel/dashboard (session cookie)', ...percentiles(answers) });

		const demo = await signIn(browser, origin, {
			email: 'demo@frostnode.example',
			password: 'frostnode-demo-2026',
		});
		const context = await browser.newContext({ baseURL: origin, storageState: demo });
		const starts = await startToRunning(
			context,
			'/panel/game-servers/servers/c0ffee00-0000-4000-8000-000000000101',
			loads,
		);
		await context.close();
		rows.push({
			measure: 'Start clicked → "running" shown (simulated panel, delays 0)',
			...percentiles(starts),
		});
		return rows;
	} finally {
		await browser?.close();
		site?.child.kill();
		await stack.stop();
	}
}

if (import.meta.main) console.table(await benchPanelPages());
