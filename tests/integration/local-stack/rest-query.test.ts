import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, startTestStack } from './helpers.ts';
import type { Client } from './helpers.ts';

// Reads through postgrest-js against the public catalogue fixture: select shapes, the filter grammar,
// ordering and paging, counts, singular responses and embedded resources.

let stack: LocalStack;
let db: Client;

beforeAll(async () => {
	stack = await startTestStack();
	db = clientFor(stack);
});
afterAll(async () => {
	await stack?.stop();
});

const names = (rows: { name: string }[] | null) => (rows ?? []).map((row) => row.name);

describe('select', () => {
	it('returns all columns, with Postgres rendering of dates and numerics', async () => {
		const { data, error, status } = await db.from('plans').select().eq('id', 12);
		expect(error).toBeNull();
		expect(status).toBe(200);
		expect(data).toEqual([
			{
				id: 12,
				game_id: 1,
				name: 'Diamond',
				price_cents: 1200,
				ram_gb: 8.5,
				note: 'best, fastest',
			},
		]);
		const game = await db.from('games').select('released').eq('id', 2).single();
		expect(game.data).toEqual({ released: '2021-02-02' });
	});

	it('renames, casts and reads JSON paths', async () => {
		const { data } = await db
			.from('plans')
			.select('label:name, price:price_cents::text, ram_gb')
			.eq('id', 11)
			.single();
		expect(data).toEqual({ label: 'Iron', price: '600', ram_gb: 4 });
	});

	it('refuses unknown columns and tables, and malformed selects', async () => {
		const column = await db.from('plans').select('nope');
		expect([column.status, column.error?.code, column.error?.message]).toEqual([
			400,
			'42703',
			'column plans.nope does not exist',
		]);
		const table = await db.from('nothing_here').select();
		expect([table.status, table.error?.code]).toEqual([404, 'PGRST205']);
		const malformed = await api(stack, '/rest/v1/plans?select=name,(');
		expect(malformed.status).toBe(400);
		expect(((await malformed.json()) as { code: string }).code).toBe('PGRST100');
	});
});

describe('filters', () => {
	it('compares with eq, neq, gt, gte, lt, lte', async () => {
		expect(names((await db.from('plans').select('name').eq('name', 'Iron')).data)).toEqual([
			'Iron',
		]);
		expect(
			names((await db.from('plans').select('name').neq('game_id', 1).order('id')).data),
		).toEqual(['Viking', 'Jarl']);
		expect(
			names((await db.from('plans').select('name').gt('price_cents', 900).order('id')).data),
		).toEqual(['Diamond', 'Jarl']);
		expect(
			names((await db.from('plans').select('name').gte('price_cents', 900).order('id')).data),
		).toEqual(['Diamond', 'Viking', 'Jarl']);
		expect(names((await db.from('plans').select('name').lt('price_cents', 600)).data)).toEqual([
			'Stone',
		]);
		expect(
			names((await db.from('plans').select('name').lte('price_cents', 600).order('id')).data),
		).toEqual(['Stone', 'Iron']);
	});

	it('matches patterns with like and ilike (* as %)', async () => {
		expect(
			names((await db.from('plans').select('name').like('name', '*on*').order('id')).data),
		).toEqual(['Stone', 'Iron', 'Diamond']);
		expect(names((await db.from('plans').select('name').ilike('name', 'j*')).data)).toEqual([
			'Jarl',
		]);
		expect(names((await db.from('plans').select('name').like('name', 'j*')).data)).toEqual([]);
	});

	it('tests is null / not null / booleans and in lists, quoted values included', async () => {
		expect(
			names((await db.from('plans').select('name').is('note', null).order('id')).data),
		).toEqual(['Stone', 'Viking']);
		expect(
			names((await db.from('plans').select('name').not('note', 'is', null).order('id')).data),
		).toEqual(['Iron', 'Diamond', 'Jarl']);
		expect(
			names(
				(
					await db
						.from('plans')
						.select('name')
						.in('note', ['best, fastest', 'for "big" groups'])
						.order('id')
				).data,
			),
		).toEqual(['Diamond', 'Jarl']);
		expect(
			names((await db.from('plans').select('name').not('id', 'in', '(10,11,12)').order('id')).data),
		).toEqual(['Viking', 'Jarl']);
		expect(names((await db.from('plans').select('name').in('id', [])).data)).toEqual([]);
	});

	it('combines with or=() and nested and(), and negates', async () => {
		const either = await db
			.from('plans')
			.select('name')
			.or('price_cents.lt.400,name.eq.Jarl')
			.order('id');
		expect(names(either.data)).toEqual(['Stone', 'Jarl']);
		const nested = await db
			.from('plans')
			.select('name')
			.or('id.eq.20,and(game_id.eq.1,price_cents.gte.600,note.not.is.null)')
			.order('id');
		expect(names(nested.data)).toEqual(['Iron', 'Diamond', 'Viking']);
		const quoted = await db
			.from('plans')
			.select('name')
			.or('note.eq."best, fastest",id.eq.10')
			.order('id');
		expect(names(quoted.data)).toEqual(['Stone', 'Diamond']);
		const negated = await api(stack, `/rest/v1/plans?select=name&not.or=(game_id.eq.1,id.eq.21)`);
		expect(names((await negated.json()) as { name: string }[])).toEqual(['Viking']);
	});

	it('handles array and jsonb containment (cs, cd) through an RPC-free table', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey);
		const { data: user } = await admin.auth.admin.createUser({
			email: `cs-${Date.now()}@example.com`,
			password: 'a long passphrase',
			email_confirm: true,
		});
		const owner = user.user?.id ?? '';
		await admin.from('notes').insert([
			{ owner, title: 'one', tags: ['a', 'b'], meta: { kind: 'x', n: 1 } },
			{ owner, title: 'two', tags: ['b'], meta: { kind: 'y' } },
		]);
		const mine = () => admin.from('notes').select('title').eq('owner', owner).order('id');
		expect((await mine().contains('tags', ['a'])).data).toEqual([{ title: 'one' }]);
		expect((await mine().containedBy('tags', ['b', 'c'])).data).toEqual([{ title: 'two' }]);
		expect((await mine().contains('meta', { kind: 'x' })).data).toEqual([{ title: 'one' }]);
		expect((await mine().eq('meta->>kind', 'y')).data).toEqual([{ title: 'two' }]);
		const path = await admin
			.from('notes')
			.select('kind:meta->>kind, n:meta->n')
			.eq('owner', owner)
			.order('id');
		expect(path.data).toEqual([
			{ kind: 'x', n: 1 },
			{ kind: 'y', n: null },
		]);
	});

	it('searches text (fts operators, regular expressions) and compares with IS DISTINCT FROM', async () => {
		const plans = () => db.from('plans').select('name').order('id');
		expect(names((await plans().textSearch('name', 'diamond')).data)).toEqual(['Diamond']);
		const web = await plans().textSearch('note', 'big groups', {
			type: 'websearch',
			config: 'english',
		});
		expect(names(web.data)).toEqual(['Jarl']);
		expect(names((await plans().filter('name', 'imatch', '^v')).data)).toEqual(['Viking']);
		expect(names((await plans().filter('name', 'match', 'r')).data)).toEqual(['Iron', 'Jarl']);
		const distinct = await plans().filter('note', 'isdistinct', 'popular');
		expect(names(distinct.data)).toEqual(['Stone', 'Diamond', 'Viking', 'Jarl']);
		const any = await plans().filter('name', 'like(any)', '{S*,J*}');
		expect(names(any.data)).toEqual(['Stone', 'Jarl']);
	});

	it('refuses malformed filters with PGRST100 and ignores parameters without an operator', async () => {
		for (const query of [
			'id=eq',
			'id=gt',
			'or=(id.eq.1',
			'or=id.eq.1',
			'id=in.1,2',
			'order=id.sideways',
			'note=is.maybe',
			'id=not.nope.1',
		]) {
			const response = await api(stack, `/rest/v1/plans?${query}`);
			expect(response.status, query).toBe(400);
			expect(((await response.json()) as { code: string }).code, query).toBe('PGRST100');
		}
		const ignored = await api(stack, '/rest/v1/plans?select=id&unknown=value');
		expect(((await ignored.json()) as unknown[]).length).toBe(5);
	});
});

describe('order, paging and counts', () => {
	it('orders ascending, descending, with nulls first or last', async () => {
		expect(
			names(
				(await db.from('plans').select('name').order('price_cents', { ascending: false }).limit(2))
					.data,
			),
		).toEqual(['Jarl', 'Diamond']);
		const nullsFirst = await db
			.from('plans')
			.select('name')
			.order('note', { nullsFirst: true })
			.order('id');
		expect(names(nullsFirst.data).slice(0, 2)).toEqual(['Stone', 'Viking']);
		const nullsLast = await db
			.from('plans')
			.select('name')
			.order('note', { ascending: true, nullsFirst: false })
			.order('id');
		expect(names(nullsLast.data).slice(-2)).toEqual(['Stone', 'Viking']);
	});

	it('pages with limit/offset and range, and reports counts in Content-Range', async () => {
		const page = await db.from('plans').select('name', { count: 'exact' }).order('id').range(1, 2);
		expect(names(page.data)).toEqual(['Iron', 'Diamond']);
		expect(page.count).toBe(5);
		expect(page.status).toBe(206);
		const all = await api(stack, '/rest/v1/plans?select=id', {
			headers: { Prefer: 'count=exact' },
		});
		expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-4/5']);
		const head = await db
			.from('plans')
			.select('*', { count: 'exact', head: true })
			.eq('game_id', 1);
		expect([head.count, head.data]).toEqual([3, null]);
		const empty = await api(stack, '/rest/v1/plans?id=eq.999');
		expect(empty.headers.get('content-range')).toBe('*/*');
		const beyond = await api(stack, '/rest/v1/plans?offset=10', {
			headers: { Prefer: 'count=exact' },
		});
		expect([beyond.status, ((await beyond.json()) as { code: string }).code]).toEqual([
			416,
			'PGRST103',
		]);
		const header = await api(stack, '/rest/v1/plans?select=id&order=id', {
			headers: { Range: '3-4', 'Range-Unit': 'items' },
		});
		expect(await header.json()).toEqual([{ id: 20 }, { id: 21 }]);
	});
});

describe('single and maybeSingle', () => {
	it('single: one row is an object; none or several is 406 PGRST116', async () => {
		expect((await db.from('games').select('slug').eq('id', 1).single()).data).toEqual({
			slug: 'minecraft',
		});
		const none = await db.from('games').select('slug').eq('id', 99).single();
		expect([none.status, none.error?.code]).toEqual([406, 'PGRST116']);
		expect(none.error?.details).toContain('0 rows');
		const two = await db.from('games').select('slug').in('id', [1, 2]).single();
		expect([two.status, two.error?.code]).toEqual([406, 'PGRST116']);
	});

	it('maybeSingle: none is null without error, one is an object, several is an error', async () => {
		const none = await db.from('games').select('slug').eq('id', 99).maybeSingle();
		expect([none.data, none.error]).toEqual([null, null]);
		expect((await db.from('games').select('slug').eq('id', 2).maybeSingle()).data).toEqual({
			slug: 'valheim',
		});
		expect((await db.from('games').select('slug').in('id', [1, 2]).maybeSingle()).error?.code).toBe(
			'PGRST116',
		);
	});
});

describe('embedded resources', () => {
	it('embeds to-one as an object and to-many as an array, in select order', async () => {
		const { data, error } = await db
			.from('plans')
			.select('name, game:games(slug)')
			.eq('id', 20)
			.single();
		expect(error).toBeNull();
		expect(data).toEqual({ name: 'Viking', game: { slug: 'valheim' } });
		const games = await db
			.from('games')
			.select('slug, plans(name)')
			.order('id')
			.order('id', { referencedTable: 'plans' });
		expect(games.data).toEqual([
			{ slug: 'minecraft', plans: [{ name: 'Stone' }, { name: 'Iron' }, { name: 'Diamond' }] },
			{ slug: 'valheim', plans: [{ name: 'Viking' }, { name: 'Jarl' }] },
			{ slug: 'rust', plans: [] },
		]);
	});

	it('embeds one-to-one as an object and many-to-many through the junction table', async () => {
		const game = await db.from('games').select('slug, game_details(summary)').eq('id', 3).single();
		expect(game.data).toEqual({ slug: 'rust', game_details: null });
		const plan = await db
			.from('plans')
			.select('name, features(name)')
			.eq('id', 12)
			.order('id', { referencedTable: 'features' })
			.single();
		expect(plan.data).toEqual({
			name: 'Diamond',
			features: [{ name: 'Backups' }, { name: 'DDoS protection' }, { name: 'Mod support' }],
		});
	});

	it('filters, orders and limits inside an embed, and !inner drops parents without matches', async () => {
		const filtered = await db
			.from('games')
			.select('slug, plans(name)')
			.gt('plans.price_cents', 1000)
			.order('id');
		expect(filtered.data).toEqual([
			{ slug: 'minecraft', plans: [{ name: 'Diamond' }] },
			{ slug: 'valheim', plans: [{ name: 'Jarl' }] },
			{ slug: 'rust', plans: [] },
		]);
		const inner = await db
			.from('games')
			.select('slug, plans!inner(name)')
			.gt('plans.price_cents', 1000)
			.order('id');
		expect((inner.data as { slug: string }[]).map((g) => g.slug)).toEqual(['minecraft', 'valheim']);
		const limited = await db
			.from('games')
			.select('slug, plans(name)')
			.eq('id', 1)
			.order('price_cents', { referencedTable: 'plans', ascending: false })
			.limit(1, { referencedTable: 'plans' })
			.single();
		expect(limited.data).toEqual({ slug: 'minecraft', plans: [{ name: 'Diamond' }] });
		const or = await db
			.from('games')
			.select('slug, plans(name)')
			.eq('id', 1)
			.or('name.eq.Stone,name.eq.Iron', { referencedTable: 'plans' })
			.single();
		expect(names(or.data?.plans as { name: string }[])).toEqual(['Stone', 'Iron']);
	});

	it('counts respect !inner embeds', async () => {
		const { count } = await db
			.from('games')
			.select('slug, plans!inner(id)', { count: 'exact', head: true });
		expect(count).toBe(2);
	});

	it('asks for a hint when two foreign keys lead to the same table, and follows it', async () => {
		const ambiguous = await db.from('transfers').select('id, games(slug)');
		expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, 'PGRST201']);
		const hinted = await db
			.from('transfers')
			.select('id, from:games!from_game(slug), to:games!to_game(slug)')
			.single();
		expect(hinted.data).toEqual({ id: 1, from: { slug: 'minecraft' }, to: { slug: 'valheim' } });
		const missing = await db.from('games').select('slug, features(name)');
		expect([missing.status, missing.error?.code]).toEqual([400, 'PGRST200']);
		const notEmbedded = await api(stack, '/rest/v1/games?select=slug&plans.name=eq.Iron');
		expect(((await notEmbedded.json()) as { code: string }).code).toBe('PGRST108');
	});
});

describe('request conventions', () => {
	it('accepts only the public schema and answers JSON errors on unknown paths', async () => {
		const other = await clientFor(stack, stack.anonKey, { db: { schema: 'auth' as 'public' } })
			.from('users')
			.select();
		expect([other.status, other.error?.code]).toEqual([406, 'PGRST106']);
		const nested = await api(stack, '/rest/v1/plans/12');
		expect([nested.status, ((await nested.json()) as { code: string }).code]).toEqual([
			404,
			'PGRST125',
		]);
	});

	it('answers CORS preflights the way browsers need', async () => {
		const response = await fetch(`${stack.url}/rest/v1/plans`, {
			method: 'OPTIONS',
			headers: {
				Origin: 'http://localhost:4321',
				'Access-Control-Request-Method': 'GET',
				'Access-Control-Request-Headers': 'apikey, authorization, prefer',
			},
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		expect(response.headers.get('access-control-allow-headers')).toBe(
			'apikey, authorization, prefer',
		);
		const actual = await api(stack, '/rest/v1/plans?select=id', {
			headers: { Origin: 'http://localhost:4321' },
		});
		expect(actual.headers.get('access-control-expose-headers')).toContain('Content-Range');
		const auth = await api(stack, '/auth/v1/settings', {
			headers: { Origin: 'http://localhost:4321' },
		});
		expect(auth.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
		expect(auth.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
	});
});
