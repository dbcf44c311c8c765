import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createJiti } from 'jiti';
import { startLocalStack } from '@frostnode/local-supabase';
import type * as RunModule from '../../src/server/billing/run/run.ts';
import type * as AdminModule from '../../src/server/supabase/admin-client.ts';
import { borrowEnv } from './borrowed-env.ts';
import { pglite, type BenchEngine } from './engines.ts';

/**
 * A billing run over 10,000 services of which 1,000 are due, on the local stack: the first run's
 * wall time and requests per due service (each a query round trip), then the second run at the
 * same moment, which finds nothing left to do. Mail goes to the stack's own SMTP mailbox. The
 * stack's data on the given engine.
 */
export async function benchBilling(
	engine: BenchEngine = pglite,
): Promise<Record<string, string | number>[]> {
	const root = new URL('../../', import.meta.url);
	const seed = join(await mkdtemp(join(tmpdir(), 'bench-billing-')), 'seed.sql');
	const demoSeed = await readFile(new URL('supabase/seed.sql', root), 'utf8');
	const billingSeed = await readFile(new URL('scripts/bench/billing-seed.sql', root), 'utf8');
	await writeFile(seed, `${demoSeed}\n${billingSeed}`);
	const stack = await startLocalStack({
		databaseUrl: await engine.database('billing'),
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		seedFile: seed,
		migrationsDir: new URL('supabase/migrations', root).pathname,
	});
	const restoreEnv = borrowEnv({
		PUBLIC_SUPABASE_URL: stack.url,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
		SMTP_URL: stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		// A log line per service would bury the report (the run takes as long without them);
		// failures still show.
		LOG_LEVEL: 'warn',
	});
	// The site's server modules are TypeScript with bundler-style imports: load them as Vite would.
	const jiti = createJiti(import.meta.url);
	const { runBilling } = await jiti.import<typeof RunModule>('../../src/server/billing/run/run.ts');
	const { adminClient } = await jiti.import<typeof AdminModule>(
		'../../src/server/supabase/admin-client.ts',
	);
	let requests = 0;
	const realFetch = globalThis.fetch;
	globalThis.fetch = (input, init) => {
		requests++;
		return realFetch(input, init);
	};
	try {
		const admin = adminClient()!;
		const context = { now: new Date(), origin: 'http://localhost:4321' };
		const rows = [];
		for (const name of ['first run (1,000 due of 10,000)', 'second run, same moment']) {
			requests = 0;
			const t0 = performance.now();
			const summary = await runBilling(admin, context);
			const seconds = (performance.now() - t0) / 1000;
			const services = summary.ran ? summary.services : 0;
			rows.push({
				run: name,
				'wall s': Number(seconds.toFixed(2)),
				'services looked at': services,
				invoiced: summary.ran ? (summary.outcomes.invoiced ?? 0) : 0,
				mails: summary.ran ? summary.mails : 0,
				'requests per service': services ? Number((requests / services).toFixed(1)) : requests,
			});
		}
		return rows;
	} finally {
		restoreEnv();
		globalThis.fetch = realFetch;
		await stack.stop();
	}
}
