import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

/**
 * Playwright's `test`, whose `page` is watched for Content-Security-Policy violations: a script or
 * style the policy blocks fails the test that loaded it, so a new inline script or a foreign
 * origin cannot slip in unnoticed (src/lib/security/csp.ts). Tests that use no page pay nothing.
 */
export const test = base.extend({
	page: async ({ page }, use) => {
		const violations: string[] = [];
		page.on('console', (message) => {
			if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
		});
		await use(page);
		if (violations.length > 0)
			throw new Error(`The page broke its Content-Security-Policy:\n${violations.join('\n')}`);
	},
});
