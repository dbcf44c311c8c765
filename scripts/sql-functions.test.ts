import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sqlFunctionsTable } from './sql-functions.ts';

// supabase/migrations/README.md answers "where does this function live now" with the table
// `node scripts/sql-functions.ts` prints from the migrations; a migration that creates or replaces a
// function without moving the table fails here. (That the table names every function the
// migrations really build is checked against the database in
// tests/integration/data-model/sql-functions.test.ts.)

const readme = fileURLToPath(new URL('../supabase/migrations/README.md', import.meta.url));
const start = '<!-- sql-functions:start -->';
const end = '<!-- sql-functions:end -->';

it('supabase/migrations/README.md shows exactly what node scripts/sql-functions.ts prints', () => {
	const text = existsSync(readme) ? readFileSync(readme, 'utf8') : '';
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	expect(from, `supabase/migrations/README.md needs the markers ${start} and ${end}`).not.toBe(-1);
	expect(to, `supabase/migrations/README.md needs the markers ${start} and ${end}`).toBeGreaterThan(
		from,
	);
	expect(
		text.slice(from + start.length, to).trim(),
		'The function table in supabase/migrations/README.md is out of date: run `node scripts/sql-functions.ts` and paste its output between the markers',
	).toBe(sqlFunctionsTable());
});
