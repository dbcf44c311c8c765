import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, startTestStack } from './helpers.ts';

// Computed fields, spreads of to-many embeds and CSV output, as PostgREST's docs and spec give them
// (computed_fields.rst, SpreadQueriesSpec.hs, SqlFragment.hs asCsvF with QuerySpec.hs/InsertSpec.hs).

let stack: LocalStack;
let db: ReturnType<typeof clientFor>;

beforeAll(async () => {
	stack = await startTestStack();
	db = clientFor(stack);
});
afterAll(async () => {
	await stack?.stop();
});

describe('computed fields', () => {
	it('selects, filters and orders by a function of the row', async () => {
		const selected = await db.from('rc_people').select('rc_full_name, first_name').order('id');
		// computed_fields.rst "Vertical Filtering on Computed Fields": select=full_name,job
		expect(selected.data?.slice(0, 2)).toEqual([
			{ rc_full_name: 'Samuel Beckett', first_name: 'Samuel' },
			{ rc_full_name: 'James Joyce', first_name: 'James' },
		]);
		const searched = await db.from('rc_people').select('id').textSearch('rc_full_name', 'Beckett');
		// computed_fields.rst "Horizontal Filtering on Computed Fields": full_name=fts.Beckett
		expect(searched.data).toEqual([{ id: 1 }]);
		const filtered = await db.from('rc_people').select('id').eq('rc_full_name', 'James Joyce');
		expect(filtered.data).toEqual([{ id: 2 }]);
		const ordered = await db
			.from('rc_people')
			.select('id')
			.order('rc_full_name', { ascending: false });
		// computed_fields.rst "Ordering on Computed Fields": order=full_name.desc
		expect(ordered.data).toEqual([{ id: 1 }, { id: 4 }, { id: 2 }, { id: 3 }]);
	});

	it('leaves computed fields out of *, and works inside embeds', async () => {
		const star = await db.from('rc_people').select('*').eq('id', 1).single();
		// computed_fields.rst: "Computed fields won't appear on the response by default"
		expect(star.data).toEqual({ id: 1, first_name: 'Samuel', last_name: 'Beckett', team_id: 1 });
		const embedded = await db
			.from('rc_teams')
			.select('name, rc_people(rc_full_name)')
			.eq('id', 2)
			.single();
		expect(embedded.data).toEqual({ name: 'Blue', rc_people: [{ rc_full_name: "Flann O'Brien" }] });
		const unknown = await db.from('rc_people').select('rc_nothing');
		expect([unknown.status, unknown.error?.code]).toEqual([400, '42703']);
	});
});

describe('spreading a to-many embed', () => {
	it('turns each spread column into an array, in the embed order', async () => {
		const { data, error } = await db
			.from('rc_teams')
			.select('team:name, ...rc_people(first_name, surnames:last_name)')
			.order('id')
			.order('id', { referencedTable: 'rc_people', ascending: false });
		// SpreadQueriesSpec.hs "should spread many columns as json arrays" and "orders all the resulting arrays…"
		expect([error, data]).toEqual([
			null,
			[
				{ team: 'Red', first_name: ['James', 'Samuel'], surnames: ['Joyce', 'Beckett'] },
				{ team: 'Blue', first_name: ['Flann'], surnames: ["O'Brien"] },
				{ team: 'Empty', first_name: [], surnames: [] },
			],
		]);
	});

	it('spreads * and nested embeds, and !inner drops rows without matches', async () => {
		const all = await db
			.from('rc_teams')
			.select('name, ...rc_people!inner(*, rc_teams(name))')
			.order('id')
			.order('id', { referencedTable: 'rc_people' });
		// SpreadQueriesSpec.hs "should work when selecting all columns", "works with inner joins…",
		// "should show a nested non-spread many-to-one relationship as an array of objects"
		expect([all.error, all.data]).toEqual([
			null,
			[
				{
					name: 'Red',
					id: [1, 2],
					first_name: ['Samuel', 'James'],
					last_name: ['Beckett', 'Joyce'],
					team_id: [1, 1],
					rc_teams: [{ name: 'Red' }, { name: 'Red' }],
				},
				{
					name: 'Blue',
					id: [3],
					first_name: ['Flann'],
					last_name: ["O'Brien"],
					team_id: [2],
					rc_teams: [{ name: 'Blue' }],
				},
			],
		]);
	});
});

describe('CSV output', () => {
	it('answers text/csv with a header line and Postgres record quoting', async () => {
		const { data, error, status } = await db.from('rc_csv').select('*').order('id').csv();
		// SqlFragment.hs asCsvF: keys of the first row, then each row's text without its parentheses;
		// QuerySpec.hs "should respond with CSV to 'text/csv' request": "k,extra\nxyyx,u\nxYYx,v"
		expect([status, error]).toEqual([200, null]);
		expect(data).toBe(
			[
				'id,label,amount,tags,meta',
				'1,plain,1.50,"{a,b}","{""k"": 1}"',
				'2,"with, comma",,{},',
				'3,"with ""quotes""",2,,"""s"""',
				'4,"",0,"{""x y""}",[]',
			].join('\n'),
		);
		const response = await api(stack, '/rest/v1/rc_csv?select=label&id=eq.2', {
			headers: { Accept: 'text/csv' },
		});
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		expect(await response.text()).toBe('label\n"with, comma"');
		const empty = await db.from('rc_csv').select('id').eq('id', 99).csv();
		// asCsvF on no rows: an empty header, the newline, an empty body
		expect(empty.data).toBe('\n');
	});

	it('answers a write with return=representation as CSV of the selected columns', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey);
		const { data, status } = await admin
			.from('rc_csv')
			.insert([
				{ id: 10, label: 'x' },
				{ id: 11, label: null },
			])
			.select('id')
			.csv();
		// InsertSpec.hs "only returns the requested column header with its associated data": "id\n8\n9"
		expect([status, data]).toEqual([201, 'id\n10\n11']);
		const narrowed = await admin
			.from('rc_csv')
			.insert({ id: 12, label: 'y' })
			.select('label')
			.csv();
		// The header comes from pgrst_source, the RETURNING list (Plan.hs inferColsEmbedNeeds: the
		// selected columns plus the primary key, sorted), the lines from the select (SqlFragment.hs asCsvF)
		expect(narrowed.data).toBe('id,label\ny');
	});

	it('answers a set-returning call as CSV', async () => {
		const { data, status } = await db.rpc('rc_people_named', { prefix: 'S' }).select('*').csv();
		// RpcSpec.hs "returns CSV": POST /rpc/getitemrange with Accept: text/csv → "id\n3\n4"
		expect([status, data]).toEqual([200, 'id,first_name,last_name,team_id\n1,Samuel,Beckett,1']);
	});
});
