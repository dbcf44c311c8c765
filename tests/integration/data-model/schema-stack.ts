import { fileURLToPath } from 'node:url';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';

/**
 * An embedded stack with the product's migrations and no seed, on ephemeral ports: for suites
 * that read the schema itself or keep their own rows (scripts/db-types.ts builds the same).
 */
export function startSchemaStack(): Promise<LocalStack> {
	return startLocalStack({
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		migrationsDir: fileURLToPath(new URL('../../../supabase/migrations', import.meta.url)),
		seedFile: fileURLToPath(new URL('../../../scripts/db-types/no-seed.sql', import.meta.url)),
	});
}
