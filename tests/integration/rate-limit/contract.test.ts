import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { LocalStack } from '@frostnode/local-supabase';
import { DatabaseStore } from '../../../src/server/rate-limit/database-store.ts';
import { hitAll, RateLimiter, type LimitStore } from '../../../src/server/rate-limit/limiter.ts';
import { MemoryStore } from '../../../src/server/rate-limit/memory-store.ts';
import { startSchemaStack } from '../data-model/schema-stack.ts';

// The limit store's contract against both stores: the memory store (a site without a backend) and
// the database (every deployment), on the local stack; then what only a shared store can show: two
// servers' clients draw on one budget.

let stack: LocalStack;
let store: DatabaseStore;
const memory = new MemoryStore();
const serviceClient = () =>
	createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });

beforeAll(async () => {
	stack = await startSchemaStack();
	store = new DatabaseStore(serviceClient() as never);
}, 60_000);
afterAll(() => stack.stop());

limitStoreContract('memory', () => memory);
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

/**
 * What every store must do. Windows are long, so nothing expires while it runs; each test uses keys
 * of its own, so a shared database needs no cleaning.
 */
function limitStoreContract(name: string, store: () => LimitStore) {
	const unique = () => `${name}-${Math.random().toString(36).slice(2)}`;
	const limiter = (max: number, windowSeconds = 300) =>
		new RateLimiter(unique(), { max, windowSeconds }, store);

	describe(`${name}: the limit store contract`, () => {
		it('allows max events per window, then says how long to wait', async () => {
			const limit = limiter(3, 60);
			for (let i = 0; i < 3; i++) expect(await limit.hit('a')).toEqual({ ok: true });
			const refused = await limit.hit('a');
			expect(refused.ok).toBe(false);
			if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(55);
			if (!refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
			expect(await limit.hit('b')).toEqual({ ok: true });
		});

		it('counts recorded events without asking, and forgets a cleared key', async () => {
			const limit = limiter(2);
			await limit.record('x');
			expect(await limit.check('x')).toEqual({ ok: true });
			await limit.record('x');
			expect((await limit.check('x')).ok).toBe(false);
			await limit.clear('x');
			expect(await limit.check('x')).toEqual({ ok: true });
		});

		it('takes back the latest event only', async () => {
			const limit = limiter(2);
			await limit.record('k');
			await limit.record('k');
			await limit.forgive('k');
			expect(await limit.check('k')).toEqual({ ok: true });
			await limit.record('k');
			expect((await limit.check('k')).ok).toBe(false);
		});

		it('keeps buckets apart: the same key under another limit has its own count', async () => {
			const [one, two] = [limiter(1), limiter(1)];
			expect(await one.hit('same')).toEqual({ ok: true });
			expect(await two.hit('same')).toEqual({ ok: true });
			expect((await one.hit('same')).ok).toBe(false);
		});

		it('counts a request against several limits only when all allow it', async () => {
			const [loose, tight] = [limiter(5), limiter(1)];
			expect(
				await hitAll([
					[loose, 'c'],
					[tight, 'c'],
				]),
			).toEqual({ ok: true });
			expect(
				(
					await hitAll([
						[loose, 'c'],
						[tight, 'c'],
					])
				).ok,
			).toBe(false);
			// The refused request did not use up the loose limit: four are left.
			for (let i = 0; i < 4; i++) expect(await loose.hit('c')).toEqual({ ok: true });
			expect((await loose.hit('c')).ok).toBe(false);
		});

		it('checks some limits without counting them, in the same step as the hits', async () => {
			const [counted, checked] = [limiter(5), limiter(1)];
			const step = () => hitAll([[counted, 'd']], [[checked, 'd']]);
			expect(await step()).toEqual({ ok: true });
			expect(await step()).toEqual({ ok: true });
			// The checked limit counted nothing; once it is full, the hit is refused and not counted.
			await checked.record('d');
			expect((await step()).ok).toBe(false);
			for (let i = 0; i < 3; i++) expect(await counted.hit('d')).toEqual({ ok: true });
			expect((await counted.hit('d')).ok).toBe(false);
		});

		it('lets exactly max of many concurrent requests through', async () => {
			const limit = limiter(10);
			const verdicts = await Promise.all(Array.from({ length: 25 }, () => limit.hit('rush')));
			expect(verdicts.filter((v) => v.ok)).toHaveLength(10);
		});
	});
}
