import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types.ts';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';

/** The customer with 1,000 invoices of their own (scaled-seed.sql), whom the panel benches play. */
export const heavyCustomer = { email: 'heavy@bench.example', password: 'bench-password-2026' };

/**
 * A local stack in memory on free ports with the demo seed plus the scaled seed: 1,000 customers
 * with 20 invoices each and the heavy customer. Seeding takes a while, so each bench starts one.
 */
export async function startScaledStack(options: { siteUrl?: string } = {}): Promise<LocalStack> {
	const root = new URL('../../', import.meta.url);
	const seed = join(await mkdtemp(join(tmpdir(), 'bench-seed-')), 'seed.sql');
	const demoSeed = await readFile(new URL('supabase/seed.sql', root), 'utf8');
	const scaled = await readFile(new URL('scripts/bench/scaled-seed.sql', root), 'utf8');
	await writeFile(seed, `${demoSeed}\n${scaled}`);
	return startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		seedFile: seed,
		migrationsDir: new URL('supabase/migrations', root).pathname,
		...options,
	});
}

/** A client signed in as the heavy customer: row-level security decides what it reads. */
export async function heavyClient(stack: Pick<LocalStack, 'url' | 'anonKey'>) {
	const client = createClient<Database>(stack.url, stack.anonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
	});
	const { data, error } = await client.auth.signInWithPassword(heavyCustomer);
	if (error) throw error;
	return { client, userId: data.user.id };
}
