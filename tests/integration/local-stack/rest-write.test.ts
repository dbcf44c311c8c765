import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, signedInUser, startTestStack } from './helpers.ts';

// Inserts, upserts, updates and deletes through postgrest-js as a signed-in user, under row-level
// security: status codes, Prefer handling, singular mutations that roll back, and the refusals.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ maxBodyBytes: 64 * 1024 });
});
afterAll(async () => {
	await stack?.stop();
});

describe('insert', () => {
	it('inserts one row with defaults filled in by Postgres (owner = auth.uid())', async () => {
		const { client, user } = await signedInUser(stack);
		const minimal = await client.from('notes').insert({ title: 'first' });
		expect([minimal.status, minimal.data, minimal.error]).toEqual([201, null, null]);
		const inserted = await client
			.from('notes')
			.insert({ title: 'second', tags: ['x'] })
			.select()
			.single();
		const { status } = inserted;
		const data = inserted.data as { id: unknown; created_at: string } | null;
		expect(status).toBe(201);
		expect(data).toMatchObject({
			title: 'second',
			owner: user.id,
			tags: ['x'],
			meta: {},
			body: null,
		});
		expect(typeof data?.id).toBe('number');
		expect(data?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00$/);
	});

	it('inserts many rows: missing keys become NULL, or the default with defaultToNull false', async () => {
		const { client } = await signedInUser(stack);
		const rows = await client
			.from('notes')
			.insert([{ title: 'a', priority: 1 }, { title: 'b' }])
			.select('title, priority')
			.order('title');
		expect(rows.data).toEqual([
			{ title: 'a', priority: 1 },
			{ title: 'b', priority: null },
		]);
		const defaults = await client
			.from('notes')
			.insert([{ title: 'c', meta: { k: 1 } }, { title: 'd' }], { defaultToNull: false })
			.select('title, meta');
		expect(defaults.error).toBeNull();
		expect(defaults.data).toEqual([
			{ title: 'c', meta: { k: 1 } },
			{ title: 'd', meta: {} },
		]);
		const withNull = await client
			.from('notes')
			.insert([{ title: 'e', meta: { k: 1 } }, { title: 'f' }])
			.select();
		expect([withNull.status, withNull.error?.code]).toEqual([400, '23502']);
	});

	it('embeds related rows in the returned representation', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey);
		const plan = await admin
			.from('plan_features')
			.insert({ plan_id: 21, feature_id: 3 })
			.select('plan:plans(name), feature:features(name)')
			.single();
		expect(plan.data).toEqual({ plan: { name: 'Jarl' }, feature: { name: 'Mod support' } });
	});

	it('upserts with merge-duplicates, ignore-duplicates and on_conflict', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey);
		const merged = await admin.from('features').upsert({ id: 1, name: 'Daily backups' }).select();
		expect(merged.data).toEqual([{ id: 1, name: 'Daily backups' }]);
		const ignored = await admin
			.from('features')
			.upsert(
				[
					{ id: 1, name: 'ignored' },
					{ id: 9, name: 'Nine' },
				],
				{ ignoreDuplicates: true },
			)
			.select();
		expect(ignored.data).toEqual([{ id: 9, name: 'Nine' }]);
		const bySlug = await admin
			.from('games')
			.upsert({ id: 1, slug: 'minecraft', name: 'Minecraft: Java' }, { onConflict: 'slug' })
			.select('name')
			.single();
		expect(bySlug.data).toEqual({ name: 'Minecraft: Java' });
		const duplicate = await admin.from('features').insert({ id: 1, name: 'dup' });
		expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505']);
	});

	it('refuses bad payloads: unknown column, invalid JSON, mismatched keys, too large', async () => {
		const { client } = await signedInUser(stack);
		const unknown = await client.from('notes').insert({ title: 'x', colour: 'red' });
		expect([unknown.status, unknown.error?.code]).toEqual([400, 'PGRST204']);
		const invalid = await api(stack, '/rest/v1/notes', { method: 'POST', body: '{"title": ' });
		expect([invalid.status, ((await invalid.json()) as { code: string }).code]).toEqual([
			400,
			'PGRST102',
		]);
		const mismatch = await api(stack, '/rest/v1/notes', {
			method: 'POST',
			body: JSON.stringify([{ title: 'a' }, { body: 'b' }]),
		});
		expect(((await mismatch.json()) as { message: string }).message).toBe(
			'All object keys must match',
		);
		const large = await client.from('notes').insert({ title: 'x'.repeat(70 * 1024) });
		expect(large.status).toBe(413);
		const fkViolation = await clientFor(stack, stack.serviceRoleKey)
			.from('plans')
			.insert({ id: 99, game_id: 42, name: 'x', price_cents: 1 });
		expect([fkViolation.status, fkViolation.error?.code]).toEqual([409, '23503']);
	});
});

describe('update and delete', () => {
	it('updates the filtered rows and returns them', async () => {
		const { client } = await signedInUser(stack);
		await client.from('notes').insert([
			{ title: 'u1', priority: 1 },
			{ title: 'u2', priority: 2 },
		]);
		const updated = await client
			.from('notes')
			.update({ body: 'edited' })
			.gte('priority', 2)
			.select('title, body');
		expect(updated.data).toEqual([{ title: 'u2', body: 'edited' }]);
		const minimal = await client.from('notes').update({ body: 'again' }).eq('title', 'u1');
		expect([minimal.status, minimal.error]).toEqual([204, null]);
		const counted = await client
			.from('notes')
			.update({ priority: 5 }, { count: 'exact' })
			.in('title', ['u1', 'u2']);
		expect(counted.count).toBe(2);
		const none = await client
			.from('notes')
			.update({ body: 'x' })
			.eq('title', 'no such note')
			.select();
		expect([none.status, none.data]).toEqual([200, []]);
	});

	it('deletes the filtered rows, or a limited number with order and limit', async () => {
		const { client } = await signedInUser(stack);
		await client.from('notes').insert([{ title: 'd1' }, { title: 'd2' }, { title: 'd3' }]);
		const deleted = await client.from('notes').delete().eq('title', 'd1').select('title');
		expect(deleted.data).toEqual([{ title: 'd1' }]);
		const limited = await api(stack, '/rest/v1/notes?order=title.desc&limit=1', {
			method: 'DELETE',
			bearer: (await client.auth.getSession()).data.session?.access_token,
			headers: { Prefer: 'return=representation' },
		});
		expect(((await limited.json()) as { title: string }[]).map((n) => n.title)).toEqual(['d3']);
		expect((await client.from('notes').select('title')).data).toEqual([{ title: 'd2' }]);
	});

	it('refuses UPDATE and DELETE without a filter, as pg-safeupdate does, even for the service role', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey);
		const update = await admin.from('features').update({ name: 'all' });
		expect([update.status, update.error?.code, update.error?.message]).toEqual([
			400,
			'21000',
			'UPDATE requires a WHERE clause',
		]);
		const remove = await admin.from('features').delete();
		expect([remove.status, remove.error?.code, remove.error?.message]).toEqual([
			400,
			'21000',
			'DELETE requires a WHERE clause',
		]);
		expect((await admin.from('features').select('id')).data?.length).toBeGreaterThan(2);
	});

	it('rolls a singular mutation back when it touches no row or several', async () => {
		const { client } = await signedInUser(stack);
		await client.from('notes').insert([
			{ title: 's', priority: 1 },
			{ title: 's', priority: 2 },
		]);
		const several = await client
			.from('notes')
			.update({ body: 'changed' })
			.eq('title', 's')
			.select()
			.single();
		expect([several.status, several.error?.code]).toEqual([406, 'PGRST116']);
		expect((await client.from('notes').select('body').eq('title', 's')).data).toEqual([
			{ body: null },
			{ body: null },
		]);
		const one = await client
			.from('notes')
			.update({ body: 'one' })
			.eq('priority', 2)
			.select('body')
			.single();
		expect(one.data).toEqual({ body: 'one' });
	});

	it('honours Prefer: tx=rollback', async () => {
		const { client } = await signedInUser(stack);
		const rolledBack = await client
			.from('notes')
			.insert({ title: 'ghost' })
			.select('title')
			.rollback();
		expect(rolledBack.data).toEqual([{ title: 'ghost' }]);
		expect((await client.from('notes').select('title').eq('title', 'ghost')).data).toEqual([]);
	});
});
