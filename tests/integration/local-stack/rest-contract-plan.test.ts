import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, startTestStack } from './helpers.ts';

// Where the read plan and the SQL PostgREST writes for it show through: computed fields on RPC
// results, the aliases it gives embeds (and so the errors Postgres words with them), and aggregate
// functions, which hosted projects leave disabled. Each expectation names the PostgREST source.

let stack: LocalStack;
let db: ReturnType<typeof clientFor>;

beforeAll(async () => {
	stack = await startTestStack();
	db = clientFor(stack);
});
afterAll(async () => {
	await stack?.stop();
});

async function errorOf(path: string) {
	const response = await api(stack, `/rest/v1/${path}`);
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('computed fields on RPC results', () => {
	it('selects, filters and orders a function of the returned table’s row', async () => {
		// QuerySpec.hs "computed column on rpc": /rpc/search?id=1&select=id,always_true
		const set = await db.rpc('rc_people_named', { prefix: '' }).select('id, rc_full_name');
		expect([set.error, set.data]).toEqual([
			null,
			[
				{ id: 1, rc_full_name: 'Samuel Beckett' },
				{ id: 2, rc_full_name: 'James Joyce' },
				{ id: 3, rc_full_name: "Flann O'Brien" },
				{ id: 4, rc_full_name: 'Nobody Atall' },
			],
		]);
		const filtered = await db
			.rpc('rc_people_named', { prefix: '' })
			.select('id')
			.eq('rc_full_name', 'James Joyce');
		expect([filtered.error, filtered.data]).toEqual([null, [{ id: 2 }]]);
		const ordered = await db
			.rpc('rc_people_named', { prefix: '' })
			.select('id')
			.order('rc_full_name', { ascending: false });
		expect(ordered.data).toEqual([{ id: 1 }, { id: 4 }, { id: 2 }, { id: 3 }]);
		const single = await db.rpc('rc_person', { person_id: 3 }).select('rc_full_name');
		expect([single.error, single.data]).toEqual([null, { rc_full_name: "Flann O'Brien" }]);
	});
});

describe('the aliases of embeds', () => {
	it('refuses the same embed twice without an alias, as Postgres refuses the join (42712)', async () => {
		// Plan.hs addRels: the join is aliased <table>_<alias or relation>_<depth>, so two
		// rc_teams(...) under rc_people are both "rc_people_rc_teams_1"
		const twice = await db.from('rc_people').select('id, rc_teams(name), rc_teams(id)');
		expect([twice.status, twice.error?.code, twice.error?.message]).toEqual([
			400,
			'42712',
			'table name "rc_people_rc_teams_1" specified more than once',
		]);
		const onRpc = await db
			.rpc('rc_people_named', { prefix: 'S' })
			.select('rc_teams(name), rc_teams(id)');
		expect(onRpc.error?.message).toBe('table name "rc_people_rc_teams_1" specified more than once');
		// QuerySpec.hs "works when embedding the same table more than once": with an alias it is fine.
		const aliased = await db
			.from('rc_people')
			.select('id, rc_teams(name), team:rc_teams(id)')
			.eq('id', 1)
			.single();
		expect([aliased.error, aliased.data]).toEqual([
			null,
			{ id: 1, rc_teams: { name: 'Red' }, team: { id: 1 } },
		]);
	});

	it('names an embed’s table <table>_<depth> in Postgres’ errors', async () => {
		// Plan.hs addRels: fromAlias = <foreign table>_<depth>; QueryBuilder.hs fromF "… AS rc_teams_1"
		expect(await errorOf('rc_people?select=id,rc_teams(nope)')).toEqual({
			status: 400,
			body: {
				code: '42703',
				message: 'column rc_teams_1.nope does not exist',
				details: null,
				hint: null,
			},
		});
		expect((await errorOf('rc_people?select=id,rc_teams(name,rc_people(nope))')).body.message).toBe(
			'column rc_people_2.nope does not exist',
		);
		expect((await errorOf('rc_people?select=id,rc_teams(name)&rc_teams.nope=eq.1')).body).toEqual(
			expect.objectContaining({ code: '42703', message: 'column rc_teams_1.nope does not exist' }),
		);
		// The root keeps the table's own name.
		expect((await errorOf('rc_people?select=nope')).body.message).toBe(
			'column rc_people.nope does not exist',
		);
	});
});

describe('aggregate functions, disabled as on hosted projects', () => {
	const NOT_ALLOWED = {
		code: 'PGRST123',
		message: 'Use of aggregate functions is not allowed',
		details: null,
		hint: null,
	};

	it('refuses each aggregate with 400 PGRST123, wherever it is in the select', async () => {
		// AggregateFunctionsSpec.hs "attempting to use an aggregate when aggregate functions are disallowed"
		for (const select of [
			'count()',
			'total:count()::int',
			'id.sum()',
			'total:id.sum()::int',
			'team_id::text.max()',
			'first_name,id.avg()',
			'name,rc_people(id.min())',
			'...rc_teams(id.count())',
		]) {
			const table = select.startsWith('name,') ? 'rc_teams' : 'rc_people';
			expect({ select, ...(await errorOf(`${table}?select=${select}`)) }).toEqual({
				select,
				status: 400,
				body: NOT_ALLOWED,
			});
		}
		const viaClient = await db.from('rc_people').select('count()');
		expect([viaClient.status, viaClient.error?.code]).toEqual([400, 'PGRST123']);
	});

	it('answers PGRST123 before the columns are looked up, and after the relationships', async () => {
		// Plan.hs readPlan: validateAggFunctions runs after addRels; columns are Postgres' to check.
		expect((await errorOf('rc_people?select=nope.sum()')).body).toEqual(NOT_ALLOWED);
		expect((await errorOf('rc_people?select=nope,id.sum()')).body).toEqual(NOT_ALLOWED);
		expect((await errorOf('rc_people?select=rc_nothing(id.sum())')).body.code).toBe('PGRST200');
		expect((await errorOf('rpc/rc_people_named?prefix=S&select=id.sum()')).body).toEqual(
			NOT_ALLOWED,
		);
	});
});
