import { TOTP } from 'otpauth';
import { expect, type Page } from '@playwright/test';

// A customer's two-factor steps through the site, shared by the two-factor and staff tests.

/** The authenticator app: the page's secret, grouped for typing, read as an app would. */
async function authenticator(page: Page): Promise<TOTP> {
	const shown = await page.locator('[data-secret]').textContent();
	return new TOTP({ secret: (shown ?? '').replace(/\s/g, ''), digits: 6, period: 30 });
}

/** Six digits the app would not accept now (not the code of this step or either neighbour). */
export const wrongCode = (app: TOTP) => {
	const near = [-1, 0, 1].map((steps) => app.generate({ timestamp: Date.now() + steps * 30_000 }));
	return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code))!;
};

/** A code for the next 30-second step: accepted (one step either side), never one used before. */
export const nextCode = (app: TOTP, steps = 1) =>
	app.generate({ timestamp: Date.now() + steps * 30_000 });

export async function turnOn(page: Page, prefix: string): Promise<{ app: TOTP; codes: string[] }> {
	await page.goto(`${prefix}/panel/account/security`);
	await expect(page.locator('[data-two-factor-state]')).toHaveAttribute(
		'data-two-factor-state',
		'off',
	);
	await page.locator('form:has(input[value=mfa-enroll]) button').click();
	await expect(page.locator('[data-step=enroll] svg')).toBeVisible();
	const app = await authenticator(page);
	await page.locator('[data-step=enroll] input[name=code]').fill(app.generate());
	await page.locator('[data-step=enroll] button[type=submit]').click();
	// The codes arrive with the answer to the submit; read them once they are all there.
	const listed = page.locator('[data-recovery-codes] li');
	await expect(listed).toHaveCount(10);
	const codes = await listed.allTextContents();
	await expect(page.locator('[data-two-factor-state]')).toHaveAttribute(
		'data-two-factor-state',
		'on',
	);
	return { app, codes };
}

export async function signOut(page: Page) {
	await page.locator('account-menu summary').click();
	await page.locator('account-menu form[action^="/auth/logout"] button').click();
	await expect(page).toHaveURL(/\/login\?notice=signedOut$/);
}

export async function enterCode(page: Page, code: string) {
	await page.locator('main form[method=post] input[name=code]').fill(code);
	await page.locator('main form[method=post] button[type=submit]').first().click();
}
