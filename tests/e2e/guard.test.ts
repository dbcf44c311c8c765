import { expect, test } from './test';
import { demo, signIn } from './backend';

const privatePaths = ['/panel', '/account', '/billing', '/checkout'];
const prefixes = ['', '/no', '/da', '/de'];

test('every private prefix in every locale sends a signed-out visitor to sign in, in their language', async ({
	request,
}) => {
	for (const prefix of prefixes) {
		for (const path of privatePaths) {
			const response = await request.get(`${prefix}${path}/some/page?x=1`, { maxRedirects: 0 });
			expect(response.status(), prefix + path).toBe(303);
			expect(response.headers()['location']).toBe(
				`${prefix}/login?next=${encodeURIComponent(`${prefix}${path}/some/page?x=1`)}`,
			);
		}
	}
});

test('signing in returns to the page asked for, and a signed-in customer passes the guard', async ({
	page,
}) => {
	await page.goto('/da/panel/account/profile?tab=password');
	await expect(page).toHaveURL(/\/da\/login\?next=/);
	await signIn(page, demo, page.url());
	await expect(page).toHaveURL(/\/da\/panel\/account\/profile\?tab=password$/);
	await page.goto('/de/panel');
	await expect(page.locator('[data-welcome]')).toContainText('Ingrid');
});

for (const payload of [
	'//evil.example',
	'/\\evil.example',
	'https://evil.example/panel',
	'javascript:alert(1)',
	'%2F%2Fevil.example',
	'/%5Cevil.example',
	'%252F%252Fevil.example',
]) {
	test(`the return address ${payload} lands on the panel instead`, async ({ page }) => {
		await signIn(page, demo, `/login?next=${encodeURIComponent(payload)}`);
		await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/panel$/);
	});
}

test('without remember me the session ends with the browser; with it, it lasts', async ({
	browser,
}) => {
	test.setTimeout(60_000); // two sign-ins, each with its floor, and two browser restarts
	for (const remember of [false, true]) {
		const first = await browser.newContext();
		const page = await first.newPage();
		await signIn(page, demo, '/login', remember);
		await expect(page).toHaveURL(/\/panel$/);
		// A browser restart keeps persistent cookies and drops session cookies.
		const kept = (await first.cookies()).filter((cookie) => cookie.expires !== -1);
		await first.close();
		const second = await browser.newContext();
		await second.addCookies(kept);
		const again = await second.newPage();
		await again.goto('/panel');
		if (remember) await expect(again.locator('[data-welcome]')).toBeVisible();
		else await expect(again).toHaveURL(/\/login\?next=/);
		await second.close();
	}
});

test('the header shows the signed-in customer on static pages', async ({ page }) => {
	await signIn(page, demo);
	await page.goto('/games');
	await expect(page.locator('account-menu summary')).toContainText('Ingrid');
	await expect(page.locator('account-menu [data-signed-out]')).toBeHidden();
});
