import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { startLocalStack } from '../../supabase/local/stack.ts';

/**
 * The customer panel's main reads, one customer at a time under row-level security, against a
 * seed of 1,000 customers and 20,000 invoices. Each query is warmed up (PGlite compiles its
 * WebAssembly lazily), then runs `runs` times; p50 and p99 in ms.
 */
export async function benchPanelQueries(runs = 200): Promise<Record<string, string | number>[]> {
	const root = new URL('../../', import.meta.url);
	const seed = join(await mkdtemp(join(tmpdir(), 'bench-seed-')), 'seed.sql');
	const demoSeed = await readFile(new URL('supabase/seed.sql', root), 'utf8');
	await writeFile(
		seed,
		demoSeed + '\n' + (await readFile(new URL('scripts/bench/scaled-seed.sql', root), 'utf8')),
	);
	const stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		seedFile: seed,
		migrationsDir: new URL('supabase/migrations', root).pathname,
	});
	try {
		const client = createClient(stack.url, stack.anonKey, {
			auth: { persistSession: false, autoRefreshToken: false },
		});
		const { error } = await client.auth.signInWithPassword({
			email: 'customer500@bench.example',
			password: 'bench-password-2026',
		});
		if (error) throw error;
		const { data: latest } = await client
			.from('invoices')
			.select('id')
			.order('issued_at', { ascending: false })
			.limit(1)
			.single();
		const queries: Record<string, () => PromiseLike<{ error: unknown }>> = {
			'dashboard summary (rpc)': () => client.rpc('dashboard_summary'),
			'invoices page (10 of 20, newest first, count)': () =>
				client
					.from('invoices')
					.select('id, number, status, total, currency, issued_at, due_at', { count: 'exact' })
					.order('issued_at', { ascending: false })
					.range(0, 9),
			'invoice with its lines': () =>
				client.from('invoices').select('*, invoice_items(*)').eq('id', latest!.id).single(),
			'servers with open invoices': () =>
				client
					.from('services')
					.select('id, label, game, status, current_period_end, invoices(id, status, total)')
					.in('invoices.status', ['unpaid', 'overdue']),
			'tickets list': () =>
				client
					.from('tickets')
					.select('id, subject, status, updated_at')
					.order('updated_at', { ascending: false }),
		};
		const rows = [];
		for (const [name, query] of Object.entries(queries)) {
			for (let i = 0; i < 20; i++) await query();
			const times: number[] = [];
			for (let i = 0; i < runs; i++) {
				const started = performance.now();
				const result = await query();
				times.push(performance.now() - started);
				if (result.error) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
			}
			times.sort((a, b) => a - b);
			const at = (q: number) =>
				times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
			rows.push({ query: name, runs, 'p50 ms': at(0.5), 'p99 ms': at(0.99) });
		}
		return rows;
	} finally {
		await stack.stop();
	}
}

if (import.meta.main) console.table(await benchPanelQueries());
