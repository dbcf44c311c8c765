import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';
import { DatabaseStore } from '../../../src/server/rate-limit/database-store.ts';
import { RateLimiter } from '../../../src/server/rate-limit/limiter.ts';
import { limitStoreContract } from '../../../src/server/rate-limit/store-contract.ts';

// The shared counts every site server uses, on the local stack: the same contract as the memory
// store, plus what only a shared store can show: two servers' clients draw on one budget.

let stack: LocalStack;
let store: DatabaseStore;
const serviceClient = () =>
	createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });

beforeAll(async () => {
	stack = await startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir: fileURLToPath(new URL('../../../supabase/migrations', import.meta.url)),
		seedFile: join(mkdtempSync(join(tmpdir(), 'rate-limit-')), 'none.sql'),
	});
	store = new DatabaseStore(serviceClient() as never);
}, 60_000);
afterAll(() => stack.stop());

limitStoreContract('database', () => store);

describe('the database store', () => {
	it('gives two site servers one budget between them', async () => {
		const servers = [
			new DatabaseStore(serviceClient() as never),
			new DatabaseStore(serviceClient() as never),
		];
		const limits = servers.map(
			(s) => new RateLimiter('twoServers', { max: 10, windowSeconds: 300 }, () => s),
		);
		const key = `203.0.113.${Math.floor(Math.random() * 250)}`;
		const verdicts = await Promise.all(
			Array.from({ length: 30 }, (_, i) => limits[i % 2]!.hit(key)),
		);
		expect(verdicts.filter((v) => v.ok)).toHaveLength(10);
	});

	it('is closed to browsers: visitors cannot read or reset anyone’s count', async () => {
		const anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
		const take = await anon.rpc('rate_limit_take', { checks: [], mode: 'check' });
		expect(take.error?.code).toBe('42501');
		const forget = await anon.rpc('rate_limit_forget', {
			bucket: 'signInPerAddress',
			key: '203.0.113.1',
			everything: true,
		});
		expect(forget.error?.code).toBe('42501');
	});
});
