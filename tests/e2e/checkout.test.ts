import { expect, test } from './test';
import { linkMailedTo, register, signIn, uniqueEmail } from './backend';
import { islandsHydrated } from './islands';
import { addToCart, checkoutAndPay } from './purchase';

// Buying a server as a new customer would: configurator, cart, checkout, the test gateway's page,
// and the live progress until the server runs on the simulated panel.

test('a new customer buys a Palworld server and watches it come up', async ({ page }) => {
	const email = uniqueEmail('buyer');
	await register(page, email);
	await addToCart(page, '/palworld-server-hosting');
	await checkoutAndPay(page, 'pay');
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 20_000 });
	await expect(page.locator('[data-server-address]')).toContainText(/:\d+/);
	await page.reload();
	await expect(page.locator('[data-order-stage=running]')).toBeVisible();
	await expect.poll(async () => (await linkMailedTo(email)).length).toBeGreaterThan(0);
	expect(await page.evaluate(() => localStorage.getItem('frostnode:cart'))).toContain(
		'"item":null',
	);
	// Paid: the invoice has the address now, the browser keeps no copy.
	expect(
		await page.evaluate(() => localStorage.getItem('frostnode:billing-draft:checkout')),
	).toBeNull();
});

test('a declined payment can be paid again, for the same order', async ({ page }) => {
	await register(page, uniqueEmail('decliner'), '/da/register');
	await addToCart(page, '/da/minecraft-server-hosting');
	await checkoutAndPay(page, 'decline');
	const orderUrl = page.url();
	await expect(page.locator('[data-order-stage=unpaid]')).toBeVisible();
	await page.locator('[data-order-stage=unpaid] button').first().click();
	await expect(page).toHaveURL(/\/checkout\/test-gateway\//);
	await page.locator('button[value=pay]').click();
	await expect(page).toHaveURL(orderUrl.replace(/&cancelled=1$/, ''));
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 20_000 });
});

test('a signed-out visitor is sent to sign in and comes back to the checkout', async ({ page }) => {
	await addToCart(page, '/palworld-server-hosting');
	await page.goto('/checkout');
	await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
	await signIn(
		page,
		{ email: 'other@frostnode.example', password: 'frostnode-other-2026' },
		page.url(),
	);
	await expect(page).toHaveURL(/\/checkout$/);
	await islandsHydrated(page);
	await expect(page.locator('[data-step], main .card').first()).toBeVisible();
	await expect(page.locator('main')).toContainText('Palworld');
});
