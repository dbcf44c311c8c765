import { getViteConfig } from 'astro/config';
import { defineConfig } from 'vitest/config';

// Two projects, as Starlight separates environments: fast pure unit tests beside the code, and
// integration tests that start the local Supabase stack.
export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: 'unit',
					include: [
						'src/**/*.test.ts',
						'server/**/*.test.ts',
						'scripts/**/*.test.ts',
						'supabase/local/**/*.test.ts',
					],
				},
			},
			// Pages and components rendered through Astro's container API need Astro's Vite setup.
			getViteConfig({ test: { name: 'astro', include: ['tests/pages/**/*.test.ts'] } }),
			{
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					// The product's JSON log lines would bury the test report; site servers the tests
					// start set their own level.
					env: { LOG_LEVEL: 'silent' },
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
		],
	},
});
