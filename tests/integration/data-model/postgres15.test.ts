import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres15, type Postgres15 } from './postgres15';

const root = new URL('../../../supabase/', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, root)), 'utf8');
const migrationFiles = readdirSync(fileURLToPath(new URL('migrations/', root)))
	.filter((f) => f.endsWith('.sql'))
	.sort();

let pg: Postgres15;
const customer = '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02';
beforeAll(() => {
	pg = startPostgres15();
	// The same starting point the local stack gives PGlite (supabase/local/db/bootstrap.ts): its auth
	// schema, then GoTrue's MFA tables, which the two-factor policies read.
	pg.psql(read('local/db/roles.sql'));
	pg.psql(read('local/db/bootstrap.sql'));
	pg.psql(read('local/db/auth-mfa.sql'));
}, 60_000);
afterAll(() => pg?.stop());

describe('on PostgreSQL 15', () => {
	it.each(migrationFiles)('migration %s applies unchanged', (file) => {
		expect(() => pg.psql(read(`migrations/${file}`))).not.toThrow();
	});

	it('the seed applies, and every public table has row-level security', () => {
		pg.psql(read('seed.sql'));
		expect(pg.psql(`select count(*) from public.invoices`).trim()).toBe('7');
		const unprotected = pg.psql(
			`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
		);
		expect(unprotected.trim()).toBe('');
	});

	it('policies hold for a customer there too, while their session lives', () => {
		const session = 'f15f15f1-5f15-4f15-8f15-f15f15f15f15';
		const seen = pg.psql(`
			insert into auth.sessions (id, user_id, created_at, updated_at, aal)
				values ('${session}', '${customer}', now(), now(), 'aal1');
			set local role authenticated;
			select set_config('request.jwt.claims', '{"sub":"${customer}","role":"authenticated","aal":"aal1","session_id":"${session}"}', true);
			select count(*) from public.invoices;
			reset role;
			delete from auth.sessions where id = '${session}';
			set local role authenticated;
			select count(*) from public.invoices;
		`);
		// One invoice of theirs; none once the session is signed out (its row deleted).
		expect(seen.trim().split('\n').slice(-2)).toEqual(['1', '0']);
	});
});
