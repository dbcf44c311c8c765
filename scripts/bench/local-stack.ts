import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { startLocalStack } from '@frostnode/local-supabase';

// Throughput and latency of the local stack for what the customer panel does most: read the signed-in
// customer's invoices (20 rows, row-level security on) and insert one. A stack in memory, one user
// with 40 invoices, loopback only, a bounded number of requests per scenario, through supabase-js.
// The read is measured once more while 50 other clients sign in over and over with a bcrypt password
// (as the demo seed writes them): password checks must not hold up the rest of the stack.

const FIXTURES = new URL('../../tests/integration/local-stack/fixtures/', import.meta.url);
const MIGRATIONS = fileURLToPath(new URL('migrations', FIXTURES));
// One confirmed user with a bcrypt hash written by pgcrypto's crypt().
const BCRYPT_SEED = fileURLToPath(new URL('bcrypt-user.sql', FIXTURES));
const BCRYPT_USER = { email: 'bcrypt@example.com', password: 'correct horse battery staple' };
const SIGN_IN_CLIENTS = 50;
const REQUESTS_PER_SCENARIO = 400;
const WARM_UP_REQUESTS = 20;

type Row = Record<string, string | number>;

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0;
	const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
	return sorted[Math.max(0, index)] as number;
}

async function measure(
	name: string,
	concurrency: number,
	request: () => Promise<void>,
): Promise<Row> {
	for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await request();
	const latencies: number[] = [];
	let next = 0;
	const started = performance.now();
	const worker = async () => {
		while (next < REQUESTS_PER_SCENARIO) {
			next += 1;
			const t0 = performance.now();
			await request();
			latencies.push(performance.now() - t0);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const seconds = (performance.now() - started) / 1000;
	latencies.sort((a, b) => a - b);
	return {
		scenario: name,
		concurrency,
		requests: latencies.length,
		'req/s': Math.round(latencies.length / seconds),
		'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
		'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
	};
}

async function must<T extends { error: unknown }>(pending: PromiseLike<T>): Promise<T> {
	const result = await pending;
	if (result.error) throw new Error(`bench request failed: ${JSON.stringify(result.error)}`);
	return result;
}

export async function benchLocalStack(): Promise<Row[]> {
	const stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir: MIGRATIONS,
		seedFile: BCRYPT_SEED,
		// The sign-in load comes from one address; the hosted per-address limit would stop it at 30.
		rateLimits: { signInsSignUpsPerIp: Number.MAX_SAFE_INTEGER },
	});
	try {
		const options = { auth: { persistSession: false, autoRefreshToken: false } };
		const admin = createClient(stack.url, stack.serviceRoleKey, options);
		const email = 'bench@example.com';
		const password = 'a long bench passphrase';
		const created = await must(
			admin.auth.admin.createUser({ email, password, email_confirm: true }),
		);
		const customerId = created.data.user?.id ?? '';
		const invoices = Array.from({ length: 40 }, (_, i) => ({
			customer_id: customerId,
			number: `INV-${String(i + 1).padStart(4, '0')}`,
			status: i % 3 === 0 ? 'open' : 'paid',
			total_cents: 1000 + i * 37,
			issued_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
		}));
		await must(admin.from('invoices').insert(invoices));
		const panel = createClient(stack.url, stack.anonKey, options);
		await must(panel.auth.signInWithPassword({ email, password }));

		const read = async () => {
			const { data } = await must(
				panel
					.from('invoices')
					.select('id, number, status, total_cents, currency, issued_at')
					.order('issued_at', { ascending: false })
					.limit(20),
			);
			if (data?.length !== 20) throw new Error(`expected 20 invoices, got ${data?.length}`);
		};
		let sequence = 0;
		const write = async () => {
			sequence += 1;
			await must(panel.from('invoices').insert({ number: `BENCH-${sequence}`, total_cents: 500 }));
		};
		const whileSigningIn = async <T>(work: () => Promise<T>): Promise<T> => {
			let running = true;
			const loop = async () => {
				const client = createClient(stack.url, stack.anonKey, options);
				while (running) await must(client.auth.signInWithPassword(BCRYPT_USER));
			};
			const loops = Array.from({ length: SIGN_IN_CLIENTS }, loop);
			try {
				return await work();
			} finally {
				running = false;
				await Promise.all(loops);
			}
		};
		return [
			await measure('panel read: 20 own invoices (RLS)', 1, read),
			await measure('panel read: 20 own invoices (RLS)', 20, read),
			await whileSigningIn(() =>
				measure(`panel read while ${SIGN_IN_CLIENTS} clients sign in (bcrypt)`, 1, read),
			),
			await measure('panel write: insert one invoice (RLS)', 1, write),
			await measure('panel write: insert one invoice (RLS)', 20, write),
		];
	} finally {
		await stack.stop();
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	console.table(await benchLocalStack());
}
