import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { clientFor, startTestStack } from './helpers.ts';

// Embedding beyond plain foreign keys, resolved as PostgREST's findRel (Plan.hs) resolves it: tables
// that reference themselves, computed relationships, views whose columns carry foreign keys, and RPC
// results that are rows of a table. Each expectation names the PostgREST doc or spec it comes from.

let stack: LocalStack;
let db: ReturnType<typeof clientFor>;

beforeAll(async () => {
	stack = await startTestStack();
	db = clientFor(stack);
});
afterAll(async () => {
	await stack?.stop();
});

describe('a table embedded on itself', () => {
	it('takes the foreign key column as the parent and the table name as the children', async () => {
		const parents = await db
			.from('rc_employees')
			.select('id, manager_id(id, name, manager_id(name))')
			.in('id', [2, 4])
			.order('id');
		// EmbedDisambiguationSpec.hs "embeds parents recursively": /family_tree?select=id,parent(id,name,parent(*))
		expect([parents.error, parents.data]).toEqual([
			null,
			[
				{ id: 2, manager_id: { id: 1, name: 'Ada', manager_id: null } },
				{ id: 4, manager_id: { id: 2, name: 'Grace', manager_id: { name: 'Ada' } } },
			],
		]);
		const children = await db
			.from('rc_employees')
			.select('name, rc_employees(name)')
			.eq('id', 1)
			.order('id', { referencedTable: 'rc_employees' })
			.single();
		// Plan.hs findRel, self relationship without hint: the table name means the O2M
		expect(children.data).toEqual({
			name: 'Ada',
			rc_employees: [{ name: 'Grace' }, { name: 'Linus' }],
		});
	});

	it('reads table!column as the children referencing through that column', async () => {
		const { data, error } = await db
			.from('rc_employees')
			.select('name, reports:rc_employees!manager_id(name, reports:rc_employees!manager_id(name))')
			.eq('id', 1)
			.order('id', { referencedTable: 'reports' })
			.single();
		// EmbedDisambiguationSpec.hs "embeds children recursively": children:family_tree!parent(...)
		expect([error, data]).toEqual([
			null,
			{
				name: 'Ada',
				reports: [
					{ name: 'Grace', reports: [{ name: 'Ken' }] },
					{ name: 'Linus', reports: [] },
				],
			},
		]);
		// The alias changes nothing: manager:employees!manager_id is the same one-to-many.
		const aliased = await db
			.from('rc_employees')
			.select('*, manager:rc_employees!manager_id(*)')
			.eq('id', 2)
			.single();
		expect(aliased.data).toEqual({
			id: 2,
			name: 'Grace',
			manager_id: 1,
			manager: [{ id: 4, name: 'Ken', manager_id: 2 }],
		});
	});

	it('does not take a constraint name as the hint of a self reference', async () => {
		const { status, error } = await db
			.from('rc_employees')
			.select('name, rc_employees!rc_employees_manager_id_fkey(name)');
		// Plan.hs findRel: a self relationship's hint only matches the referencing column
		expect([status, error?.code, error?.message]).toEqual([
			400,
			'PGRST200',
			"Could not find a relationship between 'rc_employees' and 'rc_employees' in the schema cache",
		]);
	});

	it('with two self references: columns embed the parents, table!column the children, the table alone is ambiguous', async () => {
		const parents = await db
			.from('rc_orgs')
			.select('id, name, referee(id, name), auditor(id, name)')
			.eq('id', 3)
			.single();
		// EmbedDisambiguationSpec.hs "two self reference foreign keys" / "embeds parents"
		expect(parents.data).toEqual({
			id: 3,
			name: 'Acme',
			referee: { id: 1, name: 'Referee Org' },
			auditor: { id: 2, name: 'Auditor Org' },
		});
		const children = await db
			.from('rc_orgs')
			.select('id, refereeds:rc_orgs!referee(id, name)')
			.eq('id', 1)
			.order('id', { referencedTable: 'refereeds' })
			.single();
		// EmbedDisambiguationSpec.hs "embeds children": refereeds:organizations!referee(id,name)
		expect(children.data).toEqual({
			id: 1,
			refereeds: [
				{ id: 3, name: 'Acme' },
				{ id: 4, name: 'Umbrella' },
			],
		});
		const ambiguous = await db.from('rc_orgs').select('id, rc_orgs(id)');
		// Error.hs AmbiguousRelBetween: 300 PGRST201, compressedRel details and relHint
		expect(ambiguous.status).toBe(300);
		expect(ambiguous.error).toMatchObject({
			code: 'PGRST201',
			message:
				"Could not embed because more than one relationship was found for 'rc_orgs' and 'rc_orgs'",
			details: [
				{
					cardinality: 'one-to-many',
					embedding: 'rc_orgs with rc_orgs',
					relationship: 'rc_orgs_auditor_fkey using rc_orgs(id) and rc_orgs(auditor)',
				},
				{
					cardinality: 'one-to-many',
					embedding: 'rc_orgs with rc_orgs',
					relationship: 'rc_orgs_referee_fkey using rc_orgs(id) and rc_orgs(referee)',
				},
			],
			hint: "Try changing 'rc_orgs' to one of the following: 'rc_orgs!rc_orgs_auditor_fkey', 'rc_orgs!rc_orgs_referee_fkey'. Find the desired relationship in the 'details' key.",
		});
	});
});

describe('computed relationships', () => {
	it('embeds a function returning SETOF as to-many, and one with ROWS 1 as to-one', async () => {
		const teams = await db
			.from('rc_teams')
			.select('name, rc_members(first_name)')
			.order('id')
			.order('id', { referencedTable: 'rc_members' });
		// resource_embedding.rst "Computed Relationships": premieres(films) returns setof → array
		expect([teams.error, teams.data]).toEqual([
			null,
			[
				{ name: 'Red', rc_members: [{ first_name: 'Samuel' }, { first_name: 'James' }] },
				{ name: 'Blue', rc_members: [{ first_name: 'Flann' }] },
				{ name: 'Empty', rc_members: [] },
			],
		]);
		const people = await db.from('rc_people').select('first_name, team:rc_team(name)').order('id');
		// resource_embedding.rst: film(premieres) ... rows 1 → many-to-one, an object
		expect(people.data).toEqual([
			{ first_name: 'Samuel', team: { name: 'Red' } },
			{ first_name: 'James', team: { name: 'Red' } },
			{ first_name: 'Flann', team: { name: 'Blue' } },
			{ first_name: 'Nobody', team: null },
		]);
	});

	it('disambiguates a recursive relationship, filters inside it and returns it from writes', async () => {
		const { data } = await db
			.from('rc_employees')
			.select('name, rc_reports(name)')
			.eq('id', 1)
			.neq('rc_reports.name', 'Linus')
			.single();
		// resource_embedding.rst "Recursive One-To-Many": supervisees(employees) returns setof employees
		expect(data).toEqual({ name: 'Ada', rc_reports: [{ name: 'Grace' }] });
		const admin = clientFor(stack, stack.serviceRoleKey);
		const inserted = await admin
			.from('rc_employees')
			.insert({ id: 50, name: 'Temp', manager_id: 4 })
			.select('name, boss:manager_id(name), rc_reports(name)')
			.single();
		// Plan.hs inferColsEmbedNeeds: a computed relationship returns the whole row for the embed
		expect(inserted.data).toEqual({ name: 'Temp', boss: { name: 'Ken' }, rc_reports: [] });
		await admin.from('rc_employees').delete().eq('id', 50);
	});
	it('lets a function named like the target replace the detected foreign keys', async () => {
		const { data, error } = await db.from('rc_books').select('title, rc_authors(name)').single();
		// resource_embedding.rst "Overriding Relationships": directors(films) replaces films → directors
		// (without it, two foreign keys to rc_authors would make this ambiguous)
		expect([error, data]).toEqual([null, { title: 'Book', rc_authors: { name: 'Editor' } }]);
		const hinted = await db.from('rc_books').select('writer:rc_authors!author_id(name)').single();
		// Plan.hs findRel: a computed relationship matches by function name alone, whatever the hint
		expect(hinted.data).toEqual({ writer: { name: 'Editor' } });
	});
});

describe('relationships through views', () => {
	it('embeds a table from a view, a view from a table, and a view from a view', async () => {
		const viewToTable = await db
			.from('rc_people_view')
			.select('given_name, rc_teams(name)')
			.order('id');
		// resource_embedding.rst "Foreign Key Joins on Views": foreign keys inferred from base tables
		expect([viewToTable.error, viewToTable.data]).toEqual([
			null,
			[
				{ given_name: 'Samuel', rc_teams: { name: 'Red' } },
				{ given_name: 'James', rc_teams: { name: 'Red' } },
				{ given_name: 'Flann', rc_teams: { name: 'Blue' } },
				{ given_name: 'Nobody', rc_teams: null },
			],
		]);
		const tableToView = await db
			.from('rc_teams')
			.select('name, rc_people_view(given_name)')
			.eq('id', 1)
			.order('id', { referencedTable: 'rc_people_view' })
			.single();
		expect(tableToView.data).toEqual({
			name: 'Red',
			rc_people_view: [{ given_name: 'Samuel' }, { given_name: 'James' }],
		});
		const viewToView = await db
			.from('rc_teams_view')
			.select('name, rc_people_view(given_name)')
			.eq('team_key', 2)
			.single();
		expect(viewToView.data).toEqual({ name: 'Blue', rc_people_view: [{ given_name: 'Flann' }] });
	});

	it("names a view's relationship by the view's own column", async () => {
		const { data, error } = await db
			.from('rc_people_view')
			.select('given_name, squad(name), other:rc_teams_view!squad(team_key)')
			.eq('id', 3)
			.single();
		// Plan.hs findRel: a column target skips relations to views (not relFTableIsView); a hint may name it
		expect([error, data]).toEqual([
			null,
			{ given_name: 'Flann', squad: { name: 'Blue' }, other: { team_key: 2 } },
		]);
	});
});

describe('embedding on RPC results', () => {
	it('embeds along the returned table for SETOF and single-row functions', async () => {
		const set = await db
			.rpc('rc_people_named', { prefix: 'S' })
			.select('first_name, rc_teams(name), team:rc_team(id)');
		// RpcSpec.hs "foreign entities embedding": /rpc/getproject?select=id,name,client:clients(id),tasks(id)
		expect([set.error, set.data]).toEqual([
			null,
			[{ first_name: 'Samuel', rc_teams: { name: 'Red' }, team: { id: 1 } }],
		]);
		const single = await db
			.rpc('rc_person', { person_id: 3 })
			.select('last_name, rc_teams(name, rc_people(first_name))');
		// RpcSpec.hs "can embed if the related tables are in a hidden schema but exposed as views" (single_article: one object)
		expect([single.error, single.data]).toEqual([
			null,
			{ last_name: "O'Brien", rc_teams: { name: 'Blue', rc_people: [{ first_name: 'Flann' }] } },
		]);
	});

	it('refuses embeds the returned table has no relationship for', async () => {
		const { status, error } = await db
			.rpc('rc_people_named', { prefix: 'S' })
			.select('rc_orgs(id)');
		// Error.hs NoRelBetween, origin named after the returned table
		expect([status, error?.code, error?.message]).toEqual([
			400,
			'PGRST200',
			"Could not find a relationship between 'rc_people' and 'rc_orgs' in the schema cache",
		]);
	});
});
