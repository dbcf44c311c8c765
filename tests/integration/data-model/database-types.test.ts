import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { generateDatabaseTypes, TYPES_FILE } from '../../../scripts/db-types.ts';

// The supabase-js clients are typed with src/lib/database.types.ts; a migration that changes the
// schema without regenerating it would leave the code checked against a database that is gone.
it('src/lib/database.types.ts is what the migrations generate', async () => {
	const generated = await generateDatabaseTypes();
	const committed = await readFile(TYPES_FILE, 'utf8').catch(() => '(missing)');
	expect(
		committed,
		'src/lib/database.types.ts is stale: run npm run db:types and commit the result',
	).toBe(generated);
});
