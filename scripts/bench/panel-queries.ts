import { performance } from 'node:perf_hooks';
import { createJiti } from 'jiti';
import type * as DashboardModule from '../../src/server/dashboard/queries.ts';
import type * as InvoicesModule from '../../src/server/invoices/queries.ts';
import type * as DetailModule from '../../src/server/invoices/detail-query.ts';
import type * as UpgradeModule from '../../src/server/invoices/upgrade-query.ts';
import type * as CardsModule from '../../src/server/payment-methods/queries.ts';
import type * as ViewModule from '../../src/lib/panel/invoice-view.ts';
import type * as ServersModule from '../../src/server/servers/queries.ts';
import type * as SupportModule from '../../src/server/support/queries.ts';
import { heavyClient, startScaledStack } from './scaled-stack.ts';
import { borrowEnv } from './borrowed-env.ts';

/**
 * The customer panel's reads through the server functions its pages and API call, as the heavy
 * customer (1,000 invoices) under row-level security, on a stack where 1,000 other customers have
 * 20,000 invoices. Each read is warmed up (PGlite compiles its WebAssembly lazily), then runs
 * `runs` times; p50 and p99 in ms against the 20 ms p99 target.
 */
export async function benchPanelQueries(runs = 200): Promise<Record<string, string | number>[]> {
	const stack = await startScaledStack();
	const restoreEnv = borrowEnv({
		PUBLIC_SUPABASE_URL: stack.url,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
	});
	// The site's server modules are TypeScript with bundler-style imports: load them as Vite would.
	const jiti = createJiti(import.meta.url);
	const load = <T>(path: string) => jiti.import<T>(`../../src/${path}`);
	const { dashboard } = await load<typeof DashboardModule>('server/dashboard/queries.ts');
	const { listInvoices } = await load<typeof InvoicesModule>('server/invoices/queries.ts');
	const { invoiceDetail } = await load<typeof DetailModule>('server/invoices/detail-query.ts');
	const { upgradePayment } = await load<typeof UpgradeModule>('server/invoices/upgrade-query.ts');
	const { listPaymentMethods } = await load<typeof CardsModule>(
		'server/payment-methods/queries.ts',
	);
	const { listServers, serverDetail } = await load<typeof ServersModule>(
		'server/servers/queries.ts',
	);
	const { listTickets, ticketThread } = await load<typeof SupportModule>(
		'server/support/queries.ts',
	);
	const { defaultInvoiceView: view } = await load<typeof ViewModule>('lib/panel/invoice-view.ts');
	try {
		const { client, userId } = await heavyClient(stack);
		const now = new Date();
		// An overdue invoice has the most to show: three lines, a failed charge, the saved cards.
		const { data: overdue } = await client
			.from('invoices')
			.select('id, number')
			.eq('status', 'overdue')
			.limit(1)
			.single();
		const { data: upgrade } = await client.from('service_upgrades').select('id').limit(1).single();
		const { data: server } = await client.from('services').select('id').limit(1).single();
		const { data: ticket } = await client.from('tickets').select('id').limit(1).single();
		const list = (v: Partial<typeof view>) => async () => {
			const page = await listInvoices(client, userId, { ...view, ...v });
			return `${page.rows.length} of ${page.total}`;
		};
		const queries: Record<string, () => Promise<string>> = {
			'dashboard() (no game-panel call: bench servers have no panel id)': async () => {
				const d = await dashboard(client);
				return `${d.openInvoices.length} open, ${d.recentInvoices.length} recent, ${d.servers.length} servers`;
			},
			'listInvoices: default (10 newest, count)': list({}),
			'listInvoices: search by number': list({ q: overdue!.number }),
			'listInvoices: search by amount "10.00"': list({ q: '10.00' }),
			'listInvoices: status unpaid': list({ status: 'unpaid' }),
			'listInvoices: sort by total asc, page 3': list({ sort: 'total', dir: 'asc', page: 3 }),
			'listInvoices: per=all': list({ per: 'all' }),
			'invoiceDetail (overdue, with cards)': async () => {
				const d = await invoiceDetail(client, userId, overdue!.id, now, 'en');
				return `${d!.lines.length} lines, ${d!.transactions.length} payments`;
			},
			upgradePayment: async () =>
				`${(await upgradePayment(client, userId, upgrade!.id, now, 'en'))!.invoice.lines.length} lines`,
			listPaymentMethods: async () =>
				`${(await listPaymentMethods(client, userId, now)).methods.length} cards`,
			'listServers (10 a page, live state skipped: no panel id)': async () =>
				`${(await listServers(client, userId, { per: 10, page: 1 }, 'game')).rows.length} servers`,
			'serverDetail (activity, invoices)': async () => {
				const d = await serverDetail(client, userId, server!.id);
				return `${d!.activity.length} events, ${d!.invoices.length} invoices`;
			},
			listTickets: async () => `${(await listTickets(client, userId)).tickets.length} tickets`,
			ticketThread: async () =>
				`${(await ticketThread(client, userId, ticket!.id))!.messages.length} messages`,
		};
		const rows = [];
		for (const [name, query] of Object.entries(queries)) {
			for (let i = 0; i < 20; i++) await query();
			const times: number[] = [];
			let result = '';
			for (let i = 0; i < runs; i++) {
				const started = performance.now();
				result = await query();
				times.push(performance.now() - started);
			}
			times.sort((a, b) => a - b);
			const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
			const p99 = at(0.99);
			rows.push({
				read: name,
				result,
				runs,
				'p50 ms': at(0.5).toFixed(1),
				'p99 ms': p99.toFixed(1),
				'≤ 20 ms p99': p99 <= 20 ? 'yes' : 'NO',
			});
		}
		return rows;
	} finally {
		restoreEnv();
		await stack.stop();
	}
}

if (import.meta.main) console.table(await benchPanelQueries());
