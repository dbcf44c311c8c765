import { createClient } from '@supabase/supabase-js';
import { startBackend } from '../local-backend.ts';
import { serveSite, stopSite } from '../serve.ts';
import { pglite, type BenchEngine } from './engines.ts';

// A customer's panel reads through the site (GET /api/panel/dashboard, bearer token) alone, then
// while 40 clients sign in through the sign-in form, each attempt from an address of its own as a
// trusted proxy reports it (X-Forwarded-For): per-address limits then never stop the flood, which
// is the case the bar is about. The bar: the flood must not slow panel reads more than twofold.

const PORT = 4396;
const CLIENTS = 40;
const READS = 1000;
const WARM_UP = 20;
type Row = Record<string, string | number>;

const percentile = (sorted: number[], p: number) =>
	sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function benchSignInFlood(engine: BenchEngine = pglite): Promise<Row[]> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({
		databaseUrl: await engine.database('sign_in_flood'),
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		siteUrl: origin,
		// Hosted Supabase limits sign-ins per address too; the flood's addresses are all different.
		rateLimits: { signInsSignUpsPerIp: 1_000_000 },
	});
	const { child } = await serveSite(PORT, { ...backend.env, TRUSTED_PROXIES: '127.0.0.1' });
	try {
		const options = { auth: { persistSession: false, autoRefreshToken: false } };
		const url = backend.env.PUBLIC_SUPABASE_URL!;
		const admin = createClient(url, backend.env.SUPABASE_SERVICE_ROLE_KEY!, options);
		const password = 'Bench-Quartz-Lantern-58';
		const emails: string[] = [];
		for (let i = 0; i < CLIENTS; i++) {
			const email = `flood-${i}-${Date.now()}@bench.example`;
			await admin.auth.admin.createUser({ email, password, email_confirm: true });
			emails.push(email);
		}
		const reader = createClient(url, backend.env.PUBLIC_SUPABASE_ANON_KEY!, options);
		const { data } = await reader.auth.signInWithPassword({
			email: 'demo@frostnode.example',
			password: 'frostnode-demo-2026',
		});
		const token = data.session!.access_token;

		const read = async () => {
			const t0 = performance.now();
			const response = await fetch(`${origin}/api/panel/dashboard`, {
				headers: { Authorization: `Bearer ${token}` },
			});
			if (response.status !== 200) throw new Error(`panel read answered ${response.status}`);
			await response.arrayBuffer();
			return performance.now() - t0;
		};
		const reads = async (name: string, signIns: () => number): Promise<Row> => {
			const before = signIns();
			const started = performance.now();
			const times: number[] = [];
			for (let i = 0; i < READS; i++) times.push(await read());
			const seconds = (performance.now() - started) / 1000;
			times.sort((a, b) => a - b);
			return {
				scenario: name,
				reads: READS,
				'p50 ms': Number(percentile(times, 50).toFixed(1)),
				'p99 ms': Number(percentile(times, 99).toFixed(1)),
				'sign-ins/s': Number(((signIns() - before) / seconds).toFixed(1)),
			};
		};

		for (let i = 0; i < WARM_UP; i++) await read();
		let done = 0;
		const alone = await reads('panel read alone', () => done);

		let running = true;
		let attempt = 0;
		const failures = new Map<number, number>();
		const signInLoop = async (client: number) => {
			while (running) {
				attempt += 1;
				// 10.x.y.z: a fresh address for every attempt, as from many machines.
				const from = `10.${(attempt >> 16) & 255}.${(attempt >> 8) & 255}.${attempt & 255}`;
				const response = await fetch(`${origin}/login`, {
					method: 'POST',
					redirect: 'manual',
					headers: {
						'Content-Type': 'application/x-www-form-urlencoded',
						Origin: origin,
						'X-Forwarded-For': from,
					},
					body: new URLSearchParams({ email: emails[client]!, password }).toString(),
				});
				await response.arrayBuffer();
				if (response.status !== 303)
					failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
				done += 1;
			}
		};
		const loops = Array.from({ length: CLIENTS }, (_, i) => signInLoop(i));
		// Let the flood reach its pace before measuring.
		while (done < CLIENTS * 2) await new Promise((resolve) => setTimeout(resolve, 50));
		const during = await reads(`panel read while ${CLIENTS} clients sign in`, () => done);
		running = false;
		await Promise.all(loops);
		if (failures.size > 0) console.warn('sign-ins not let in:', Object.fromEntries(failures));
		const ratio = (key: 'p50 ms' | 'p99 ms') =>
			(Number(during[key]) / Number(alone[key])).toFixed(1);
		return [
			alone,
			during,
			{
				scenario: 'slowdown (≤ 2× is the bar)',
				'p50 ms': `${ratio('p50 ms')}×`,
				'p99 ms': `${ratio('p99 ms')}×`,
			},
		];
	} finally {
		await stopSite(child);
		await backend.stack?.stop();
	}
}

if (import.meta.main) console.table(await benchSignInFlood());
