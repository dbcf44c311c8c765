/**
 * `npm run bench`: prints the figures the performance bars are judged by. Never part of `npm test`:
 * timings on a shared 2-core machine are figures to read, not assertions. `npm run bench --
 * --engines` prints only the comparison of database engines (PGlite and PostgreSQL).
 */
import { performance } from 'node:perf_hooks';
import { buildIsStale, run } from './build-state.ts';
import { serveSite } from './serve.ts';
import { lighthouseScores } from './bench/lighthouse.ts';
import { benchBilling } from './bench/billing.ts';
import { benchCheckout } from './bench/checkout.ts';
import { benchEngines } from './bench/engines-section.ts';
import { benchLocalStack } from './bench/local-stack.ts';
import { benchPanelPages } from './bench/panel-pages.ts';
import { benchPanelQueries } from './bench/panel-queries.ts';
import { benchSignInFlood } from './bench/sign-in-flood.ts';
import { pageWeight } from './bench/page-weight.ts';
import { gamePageJsBudget } from './storefront-bundle.ts';
import { firstSearchBytes, pagefindSeconds } from './bench/search.ts';
import { benchTwoServers } from './bench/two-servers.ts';
import { benchSimBackup } from './bench/sim-backup.ts';
import { benchVps } from './bench/vps.ts';
import { benchVpsPanel } from './bench/vps-panel.ts';
import { benchGameConsole } from './bench/game-console.ts';
import { benchStaffConsole } from './bench/staff-console.ts';
import { benchGameFiles } from './bench/game-files.ts';

const port = 4392;
const origin = `http://127.0.0.1:${port}`;
const pageKinds = {
	home: '/',
	games: '/games',
	'game page': '/palworld-server-hosting',
	'VPS page': '/vps-hosting',
	'legal page': '/terms-of-service',
	'home (da)': '/da',
	cart: '/cart',
	'help home': '/help',
	'help article (da)': '/da/help/articles/minecraft/install-a-modpack',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// The canonical origin must be the served one, or Lighthouse's SEO audit sees a foreign canonical.
const build = () => run('astro', ['build'], { env: { PUBLIC_SITE_URL: origin }, quiet: true });

if (process.argv.includes('--engines')) {
	// Those benches serve the built site but measure no page: a build from unchanged sources will do.
	if (await buildIsStale()) await build();
	await benchEngines();
	// The quick path ends here; nothing below is for it.
	process.exit(0);
}

const started = performance.now();
await build();
const buildSeconds = (performance.now() - started) / 1000;
console.log(`\nBuild (all locales): ${buildSeconds.toFixed(1)} s`);

const { child } = await serveSite(port);
try {
	const rows = [];
	const scores = await lighthouseScores(Object.values(pageKinds).map((path) => origin + path));
	for (const [kind, path] of Object.entries(pageKinds)) {
		const weight = await pageWeight(origin, path);
		const lh = scores.get(origin + path)!;
		rows.push({
			page: `${kind} ${path}`,
			'html gz': kb(weight.html),
			'css gz': kb(weight.css),
			'js gz': kb(weight.js),
			'total gz': kb(weight.total),
			'js br': kb(weight.jsBrotli),
			'total br': kb(weight.totalBrotli),
			'LH perf': lh.performance,
			'LH a11y': lh.accessibility,
			'LH best': lh['best-practices'],
			'LH seo': lh.seo,
			'LH bytes': kb(lh.totalBytes),
			'LCP ms': Math.round(lh.lcpMs),
		});
	}
	console.log(
		`\nStatic pages (sizes after gzip and brotli, islands included; a game page's "js br" at most ${kb(gamePageJsBudget)}, tests/e2e/storefront-weight.test.ts; Lighthouse mobile, Debian Chromium):`,
	);
	console.table(rows);
	console.log(
		`\nPagefind indexing (part of the build): ${(await pagefindSeconds('dist/client')).toFixed(1)} s`,
	);
	console.log('Help search, bytes for the first query in each locale:');
	console.table(
		await firstSearchBytes(origin, [
			{ path: '/help', query: 'modpack' },
			{ path: '/no/help', query: 'modpack' },
			{ path: '/da/help', query: 'modpack' },
			{ path: '/de/help', query: 'Passwort' },
		]),
	);
} finally {
	child.kill();
}

console.log(
	'\nCustomer panel pages in Debian Chromium as a customer with 1,000 invoices (a stack of its own with the scaled seed; JS target 120 KB compressed; "data shown" is navigation start to the dashboard island showing its /api/panel/dashboard answer):',
);
console.table(await benchPanelPages());

console.log(
	"\nLocal stack: a panel read (one customer's invoices, 20 rows, RLS on), alone and while 50 clients sign in, and a write, 400 requests each:",
);
console.table(await benchLocalStack());
console.log(
	"\nPanel reads through the site's server functions, as one customer under RLS (1,000 invoices for this customer, 20,000 for 1,000 others; target 20 ms p99):",
);
console.table(await benchPanelQueries());
console.log(
	'\nSign-in flood through the site on the local stack: a panel read (GET /api/panel/dashboard) alone and while 40 clients sign in through /login, each attempt from its own address via a trusted proxy (bar: at most 2× slower):',
);
const signInFlood = await benchSignInFlood();
console.table(signInFlood);
console.log(
	'\nCheckout through the site on the local stack (test gateway, simulated panel with delays 0):',
);
const checkout = await benchCheckout();
console.table(checkout.rows);
console.log(checkout.codeUses);
console.log(
	'\nVPS delivery through the site on the local stack (test gateway, simulated hypervisor; bars: p99 under 10 s with its default delays, under 2 s with delays 0):',
);
const vps = await benchVps();
console.table(vps);
console.log(
	"\nThe VPS page through the site (one customer's running VPS, simulated hypervisor with delays 0; reads: target 20 ms p99):",
);
console.table(await benchVpsPanel());
console.log(
	'\nA backup of the simulated tree (a Minecraft server on the simulated panel; ms from createBackup to listBackups reporting it complete; bar: under 5 s):',
);
console.table(await benchSimBackup());
console.log(
	"\nA game server's live console through the site (a running Minecraft server on the simulated panel, delays 0, in Debian Chromium): the first console line on screen after the console's open (its POST for the one-time path; bar: under 1 s), and after the page's navigation start:",
);
console.table(await benchGameConsole());
console.log(
	"\nA game server's files through the site (one customer's running Minecraft server, simulated panel with delays 0; the file list p99 over 50 reads):",
);
console.table(await benchGameFiles());
console.log(
	'\nThe staff console as the seeded member of staff (two-factor session): pages and the overview, 100 reads each, and 20 ticket replies:',
);
console.table(await benchStaffConsole());
console.log(
	'\nTwo site servers behind one local backend: 400 requests at concurrency 16 against one server, then spread over both (requests/s, p99), and whether the two behaved as one:',
);
const twoServers = await benchTwoServers();
console.table(twoServers.rows);
console.table(twoServers.invariants);
console.log(
	'\nBilling run over 10,000 services, 1,000 due (renewal invoices and their mails, local stack):',
);
const billing = await benchBilling();
console.table(billing);

// The same figures on PostgreSQL beside these PGlite ones (vps[1]: the run with delays 0).
await benchEngines({ PGlite: { checkout, vps: vps[1], signInFlood, billing } });
