import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, signedInUser, startTestStack } from './helpers.ts';

// RPC: named arguments by POST and GET, scalar / set / table / void results, functions under the
// caller's row-level security, security definer functions, and requests that never interleave.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

describe('calling functions', () => {
	it('returns scalars by POST and by GET, with defaults for omitted arguments', async () => {
		const db = clientFor(stack);
		expect((await db.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
		expect((await db.rpc('add_numbers', { a: 2 })).data).toBe(3);
		expect((await db.rpc('add_numbers', { a: 40, b: 2 }, { get: true })).data).toBe(42);
		expect((await db.rpc('echo', { nested: [1, { two: 2 }] })).data).toEqual({
			nested: [1, { two: 2 }],
		});
	});

	it('returns sets of scalars and of rows, filterable like tables', async () => {
		const db = clientFor(stack);
		expect((await db.rpc('tag_list')).data).toEqual(['a', 'b', 'c']);
		const prices = await db
			.rpc('plan_prices', { game: 'minecraft' })
			.gte('price', 600)
			.order('price', { ascending: false });
		expect(prices.data).toEqual([
			{ plan: 'Diamond', price: 1200 },
			{ plan: 'Iron', price: 600 },
		]);
		const one = await db.rpc('plan_prices', { game: 'valheim' }).eq('plan', 'Jarl').single();
		expect(one.data).toEqual({ plan: 'Jarl', price: 1500 });
		const counted = await db.rpc('plan_prices', { game: 'minecraft' }, { count: 'exact' }).limit(1);
		expect([counted.count, (counted.data as unknown[]).length]).toEqual([3, 1]);
	});

	it('answers 204 for void functions and runs set-returning ones under the caller', async () => {
		const db = clientFor(stack);
		const empty = await db.rpc('touch_nothing');
		expect([empty.status, empty.data, empty.error]).toEqual([204, null, null]);
		const { client } = await signedInUser(stack);
		await client.from('notes').insert([
			{ title: 'low', priority: 1 },
			{ title: 'high', priority: 9 },
		]);
		expect((await client.rpc('my_notes', { min_priority: 5 }).select('title')).data).toEqual([
			{ title: 'high' },
		]);
		expect((await clientFor(stack).rpc('my_notes')).data).toEqual([]);
		const created = await client.rpc('create_note_via_rpc', { title: 'from rpc' });
		expect(created.data).toMatchObject({ title: 'from rpc' });
	});

	it('refuses unknown functions and argument sets with PGRST202, writes in GET with 405', async () => {
		const db = clientFor(stack);
		const unknown = await db.rpc('no_such_function');
		expect([unknown.status, unknown.error?.code, unknown.error?.message]).toEqual([
			404,
			'PGRST202',
			'Could not find the function public.no_such_function without parameters in the schema cache',
		]);
		const wrongArgs = await db.rpc('add_numbers', { x: 1 });
		expect([wrongArgs.status, wrongArgs.error?.message]).toEqual([
			404,
			'Could not find the function public.add_numbers(x) in the schema cache',
		]);
		const { client } = await signedInUser(stack);
		const readOnly = await client.rpc('create_note_via_rpc', { title: 'nope' }, { get: true });
		expect([readOnly.status, readOnly.error?.code]).toEqual([405, '25006']);
		const raised = await db.rpc('fail_with_message');
		expect([raised.status, raised.error?.code, raised.error?.message, raised.error?.hint]).toEqual([
			400,
			'P0001',
			'custom failure',
			'try again',
		]);
		const patch = await api(stack, '/rest/v1/rpc/add_numbers', { method: 'PATCH', body: '{}' });
		expect(patch.status).toBe(405);
	});
});

describe('one transaction per request', () => {
	it('50 concurrent read-modify-write calls of a security definer function lose no update', async () => {
		const { client } = await signedInUser(stack);
		const read = async () =>
			(
				(await client.from('counters').select('value').eq('id', 1).single()).data as {
					value: number;
				}
			).value;
		const before = await read();
		const results = await Promise.all(
			Array.from({ length: 50 }, () => client.rpc('increment_counter', { counter_id: 1 })),
		);
		expect(results.every((r) => r.error === null)).toBe(true);
		const returned = results.map((r) => r.data as number).sort((a, b) => a - b);
		expect(returned).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
		expect(await read()).toBe(before + 50);
	});

	it('a failed request leaves nothing behind and does not disturb requests around it', async () => {
		const { client } = await signedInUser(stack);
		const results = await Promise.all([
			client.from('notes').insert({ title: 'ok 1' }),
			client.from('notes').insert([{ title: 'fine' }, { title: null }]),
			client.from('notes').insert({ title: 'ok 2' }),
		]);
		expect(results.map((r) => r.status)).toEqual([201, 400, 201]);
		expect((await client.from('notes').select('title').order('title')).data).toEqual([
			{ title: 'ok 1' },
			{ title: 'ok 2' },
		]);
	});
});
