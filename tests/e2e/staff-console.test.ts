import { TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo, signIn } from './backend';
import { newAccount } from './fixtures';
import { grantStaff, staffSignIn } from './staff';
import { enterCode, nextCode } from './two-factor-steps';

// Issue 32's door: the staff console exists only for staff with two-factor sign-in. A visitor and
// a customer get the site's 404 page for it, the same as for a path that does not exist; staff
// without two-factor sign-in are sent to turn it on.

const notFoundFor = async (page: Page, path: string) => {
	const answer = await page.request.get(path);
	return {
		status: answer.status(),
		cache: answer.headers()['cache-control'],
		body: (await answer.text()).replaceAll(path, '<path>'),
	};
};

test('a visitor and a customer find no staff console, exactly as a missing page', async ({
	page,
}) => {
	const paths = { '/staff': '', '/de/staff/audit': '/de', '/api/staff/overview': '' };
	const refusals = async (who: string) => {
		for (const [path, prefix] of Object.entries(paths)) {
			const missing = await notFoundFor(page, `${prefix}/no-such-page-here`);
			expect(missing.status).toBe(404);
			expect(await notFoundFor(page, path), `${who} ${path}`).toEqual(missing);
		}
	};
	await refusals('visitor');
	await signIn(page, demo);
	await expect(page).toHaveURL(/\/panel$/);
	await refusals('customer');
});

test('staff without two-factor sign-in are sent to turn it on', async ({ page }) => {
	const account = await newAccount('staff-no2fa');
	await grantStaff(account.email);
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
	await page.goto('/staff');
	await expect(page).toHaveURL(/\/panel\/account\/security\?staff=1$/);
	await expect(page.getByRole('alert')).toContainText('The staff console needs two-factor sign-in');
	expect((await page.request.get('/api/staff/overview')).status()).toBe(403);
});

test('staff with two-factor sign-in see the console in German', async ({ page }) => {
	await staffSignIn(page, '/de');
	await expect(page.locator('h1')).toHaveText('Mitarbeiterkonsole');
	await expect(page.locator('[data-overview=waitingTickets]')).toContainText(
		'Tickets, die auf uns warten',
	);
	await page.getByRole('link', { name: 'Prüfprotokoll' }).click();
	await expect(page).toHaveURL(/\/de\/staff\/audit$/);
});

test('the seeded member of staff signs in with password and the documented authenticator secret', async ({
	page,
}) => {
	const app = new TOTP({ secret: 'FROSTSTAFFDEMOKEYFORLOCALUSEONLY', digits: 6, period: 30 });
	await signIn(
		page,
		{ email: 'staff@frostnode.example', password: 'frostnode-staff-2026' },
		'/login?next=%2Fstaff',
	);
	await expect(page).toHaveURL(/\/login\/code\?next=%2Fstaff$/);
	await enterCode(page, nextCode(app));
	await expect(page).toHaveURL(/\/staff$/);
	await expect(page.locator('h1')).toHaveText('Staff console');
	expect((await page.request.get('/api/staff/overview')).status()).toBe(200);
});
