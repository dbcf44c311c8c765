import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4391);

const chromium = { executablePath: chromiumPath, args: chromiumFlags };

// Budgets for a busy two-core machine, not for a quiet one: the slowest ordinary test (a purchase
// watched until its server runs, or a sign-in with its 500 ms floor and a mailbox round trip) takes
// about 10 s alone and three to four times that when the build, the stack and a second worker share
// the cores. Tests that do more say so with test.setTimeout. No retries: a flake is a bug to find.
export default defineConfig({
	testDir: 'tests/e2e',
	timeout: 60_000,
	expect: { timeout: 15_000 },
	retries: 0,
	fullyParallel: true,
	workers: 2,
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		trace: 'off',
	},
	projects: [
		{
			name: 'desktop',
			use: { ...devices['Desktop Chrome'], launchOptions: chromium },
			grepInvert: /@phone/,
		},
		{
			name: 'phone',
			use: {
				...devices['Pixel 7'],
				viewport: { width: 360, height: 780 },
				launchOptions: chromium,
			},
			grep: /@phone/,
		},
	],
	webServer: {
		// Tests run against the built site (npm test builds first), as Starlight tests built fixtures.
		command: `node scripts/e2e-server.ts`,
		env: { PORT: String(port) },
		url: `http://127.0.0.1:${port}/`,
		reuseExistingServer: !process.env.CI,
		timeout: 180_000,
	},
});
