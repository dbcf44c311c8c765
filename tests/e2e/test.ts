import { test as base } from '@playwright/test';
import { customerAddress } from './backend';
import { rawKeysOnPage } from './raw-keys';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

/**
 * Playwright's `test`, whose `page` is watched for Content-Security-Policy violations: a script or
 * style the policy blocks fails the test that loaded it, so a new inline script or a foreign
 * origin cannot slip in unnoticed (src/lib/security/csp.ts). Its text at the end of the test must
 * hold no raw UI key (raw-keys.ts): a missing string shows up in whichever test reaches it. Tests
 * that use no page pay nothing. Each test is a customer of its own address (`X-Forwarded-For`, which
 * the e2e server's trusted proxy passes on), so per-address limits never count another test's
 * requests, nor an earlier run's against the same backend.
 */
export const test = base.extend({
	extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
		await use({ ...extraHTTPHeaders, 'X-Forwarded-For': customerAddress() });
	},
	page: async ({ page }, use) => {
		const violations: string[] = [];
		page.on('console', (message) => {
			if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
		});
		await use(page);
		if (violations.length > 0)
			throw new Error(`The page broke its Content-Security-Policy:\n${violations.join('\n')}`);
		const rawKeys = await rawKeysOnPage(page);
		if (rawKeys.length > 0)
			throw new Error(`The page shows UI keys instead of their strings: ${rawKeys.join(', ')}`);
	},
});
