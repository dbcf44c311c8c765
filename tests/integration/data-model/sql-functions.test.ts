import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { sqlFunctions } from '../../../scripts/sql-functions.ts';
import { startSchemaStack } from './schema-stack.ts';

// scripts/sql-functions.ts reads the migrations as text to say which one holds each function's
// current definition (the table of supabase/migrations/README.md). Here the migrations run, and the
// functions they leave in `public` and `private` must be exactly the ones it lists, each once: a
// statement it cannot read, or an overload it would fold into one row, fails here.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startSchemaStack();
}, 60_000);
afterAll(() => stack?.stop());

it('the function table names every function of public and private, each once', async () => {
	const built = await stack.sql(async (session) => {
		const result = await session.query<{ name: string }>(
			`select n.nspname || '.' || p.proname as name
			   from pg_proc p
			   join pg_namespace n on n.oid = p.pronamespace
			  where n.nspname in ('public', 'private')
			    and not exists (select 1 from pg_depend d
			                     where d.classid = 'pg_proc'::regclass and d.objid = p.oid
			                       and d.deptype = 'e')
			  order by 1`,
		);
		return result.rows.map((row) => row.name);
	});
	const listed = sqlFunctions().map((f) => f.name);
	expect([...listed].sort()).toEqual([...built].sort());
});
