import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4391);

const chromium = { executablePath: chromiumPath, args: chromiumFlags };

// Each worker process loads this file, so each plays a different customer address (documentation
// range 198.51.100.0/24): per-address sign-in limits then count one worker's tests, not the suite's.
const customerAddress = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: 2,
	forbidOnly: !!process.env.CI,
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		trace: 'off',
		extraHTTPHeaders: { 'X-Forwarded-For': customerAddress },
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
		timeout: 60_000,
	},
});
