// @ts-check
/**
 * Mutation testing of the money code: pricing and the billing rules. Run with `npm run test:mutation`;
 * the HTML report lands in reports/mutation/. Only the folders' own unit tests run, so a mutant
 * survives unless the tests written for that code notice it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
	testRunner: 'vitest',
	vitest: { configFile: 'vitest.config.ts', related: true },
	testFiles: ['src/lib/pricing/**/*.test.ts', 'src/lib/billing/**/*.test.ts'],
	mutate: ['src/lib/pricing/**/*.ts', 'src/lib/billing/**/*.ts', '!src/lib/**/*.test.ts'],
	coverageAnalysis: 'perTest',
	// A static mutant (code run when a module loads) is tested against every test Vitest relates to
	// the file in every project, not only testFiles: that includes integration tests that start a
	// local stack. Keep module scope free of logic instead; the report lists any ignored here.
	ignoreStatic: true,
	thresholds: { high: 90, low: 85, break: null },
	reporters: ['clear-text', 'html'],
	htmlReporter: { fileName: 'reports/mutation/index.html' },
	clearTextReporter: { logTests: false },
	tempDirName: '.stryker-tmp',
	// The sandbox is a copy of the repository: leave out what no unit test reads.
	ignorePatterns: ['dist', 'test-results', 'playwright-report', 'bench-results', 'supabase/.data'],
};
