import { getViteConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LOCAL_ONLY, SUITES_FOR_SCHEMA } from './tests/integration/local-only.ts';
import { EXTERNAL } from './tests/integration/target.ts';
import { POSTGRES_SUITES } from './tests/integration/postgres/suites.ts';

// Against another Supabase (tests/integration/target.ts) only the suites for the schema it holds run,
// one file at a time, since they share its database.
const integration = EXTERNAL
	? {
			include: [...SUITES_FOR_SCHEMA[EXTERNAL.schema]],
			exclude: Object.keys(LOCAL_ONLY),
			fileParallelism: false,
		}
	: {
			include: ['tests/integration/**/*.test.ts'],
			// Lock tests watch transactions overlap: only PostgreSQL has more than one connection.
			exclude: ['tests/integration/postgres/**'],
		};

// Routes import the rest of src as `~/…` (tsconfig.json `paths`); Astro's Vite setup reads the
// tsconfig, the plain projects are told here.
const src = fileURLToPath(new URL('./src', import.meta.url));
const resolve = { alias: { '~': src } };

// The same suites on PostgreSQL: every stack a test starts gets its own database on one cluster.
const onPostgres = {
	alias: {
		'~': src,
		'@frostnode/local-supabase': fileURLToPath(
			new URL('./tests/integration/postgres/engine-stack.ts', import.meta.url),
		),
	},
};

// Two projects, as Starlight separates environments: fast pure unit tests beside the code, and
// integration tests that start the local Supabase stack.
export default defineConfig({
	test: {
		projects: [
			{
				resolve,
				test: {
					name: 'unit',
					include: [
						'src/**/*.test.ts',
						'ops/**/*.test.ts',
						'server/**/*.test.ts',
						'scripts/**/*.test.ts',
						'supabase/local/**/*.test.ts',
						'packages/**/*.test.ts',
					],
				},
			},
			// Pages and components rendered through Astro's container API need Astro's Vite setup.
			getViteConfig({ test: { name: 'astro', include: ['tests/pages/**/*.test.ts'] } }),
			{
				resolve,
				test: {
					name: 'integration',
					...integration,
					// The product's JSON log lines would bury the test report; site servers the tests
					// start set their own level.
					env: { LOG_LEVEL: 'silent' },
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			...(EXTERNAL
				? []
				: [
						{
							resolve: onPostgres,
							test: {
								name: 'integration-postgres',
								include: POSTGRES_SUITES,
								exclude: ['tests/integration/data-model/*postgres15*.test.ts'],
								globalSetup: ['tests/integration/postgres/global-setup.ts'],
								env: { LOG_LEVEL: 'silent' },
								testTimeout: 30_000,
								hookTimeout: 60_000,
							},
						},
					]),
		],
	},
});
