import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import { islandsHydrated } from './islands';
import { signIn } from './backend';
import { admin, newAccount } from './fixtures';

async function addPalworld(page: Page, ramSteps = 0) {
	await page.goto('/palworld-server-hosting');
	await islandsHydrated(page);
	const form = page.locator('[data-configurator]');
	await form.getByRole('slider').focus();
	for (let i = 0; i < ramSteps; i++) await page.keyboard.press('ArrowRight');
	await form.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/cart$/);
}

test('the cart holds one item: adding another replaces it and says so', async ({ page }) => {
	await addPalworld(page);
	await page.goto('/valheim-server-hosting');
	await islandsHydrated(page);
	await page.locator('[data-configurator]').getByRole('button', { name: 'Add to cart' }).click();
	await expect(page.locator('[data-cart-item]')).toHaveCount(1);
	await expect(page.locator('[data-cart-item]')).toContainText('Valheim');
	await expect(page.getByRole('status')).toContainText('the previous one was replaced');
});

test('changing the configuration goes back to the configurator with the cart item', async ({
	page,
}) => {
	await addPalworld(page, 3);
	await page.getByRole('link', { name: 'Change configuration' }).click();
	await expect(page).toHaveURL(/\/palworld-server-hosting\?edit=1#configure$/);
	await expect(page.locator('[data-configurator]').getByRole('slider')).toHaveAttribute(
		'aria-valuetext',
		'12 GB',
	);
});

test('removing the item empties the cart, and the cart survives a reload', async ({ page }) => {
	await addPalworld(page, 1);
	await page.reload();
	await expect(page.locator('[data-cart-item]')).toContainText('8 GB RAM');
	const headerCart = page.getByRole('banner').getByRole('link', { name: 'Cart 1 item' });
	await expect(headerCart).toBeVisible();
	await page.goto('/games');
	await expect(headerCart).toBeVisible();
	await page.goto('/cart');
	await page.getByRole('button', { name: 'Remove' }).click();
	await expect(page.locator('[data-cart-empty]')).toContainText('Your cart is empty.');
	// The header's count follows the cart at once.
	await expect(
		page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }),
	).toBeVisible();
	await expect(page.locator('[data-cart-count]')).toBeHidden();
});

test('a corrupted stored cart is dropped with a message, not a crash', async ({ page }) => {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto('/da/cart');
	// Once the cart has hydrated: while it starts it writes its (empty) state, which would replace
	// the corrupted value before the reload.
	await expect(page.locator('[data-cart-empty]')).toBeVisible();
	await page.evaluate(() =>
		localStorage.setItem('frostnode:cart', '{"v":1,"item":{"planId":"palworld-gold"'),
	);
	await page.reload();
	await expect(page.getByRole('alert')).toBeVisible();
	await expect(page.locator('[data-cart-empty]')).toBeVisible();
	expect(errors).toEqual([]);
});

test('the cart stays in sync between tabs', async ({ context }) => {
	const cartTab = await context.newPage();
	await cartTab.goto('/cart');
	await expect(cartTab.locator('[data-cart-empty]')).toBeVisible();
	const shopTab = await context.newPage();
	await addPalworld(shopTab);
	await expect(cartTab.locator('[data-cart-item]')).toContainText('Palworld');
});

test('the cart page has no accessibility violations', async ({ page }) => {
	await addPalworld(page);
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
	).toEqual([]);
});

test('the cart page shows its shell before its script runs, then the cart', async ({ page }) => {
	await page.route('**/*.js', (route) => route.abort());
	await page.goto('/de/cart');
	await expect(page.locator('[data-cart-loading]')).toHaveText(/Dein Warenkorb wird geladen/);
	await page.unroute('**/*.js');
	await page.reload();
	await expect(page.locator('[data-cart-empty]')).toBeVisible();
	await expect(page.locator('[data-cart-loading]')).toHaveCount(0);
});

test('a signed-in customer sees VAT for their saved billing country, as the checkout charges it', async ({
	page,
}) => {
	const account = await newAccount('cart-vat');
	const { data } = await admin().auth.admin.listUsers({ perPage: 1000 });
	const id = data.users.find((user) => user.email === account.email)!.id;
	await admin().from('profiles').update({ country: 'DE' }).eq('id', id);
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
	await addPalworld(page);
	const summary = page.locator('#order-summary').locator('..');
	// Germany's 19 %, not the English pages' Norway at 25 %.
	await expect(summary.locator('[data-line="tax"]')).toContainText('VAT 19 %');
	await expect(summary).toContainText('VAT for Germany');
	await expect(summary.locator('[data-line="total"]')).toContainText('€7.14');
	await page.getByRole('link', { name: 'Continue to checkout' }).click();
	await expect(page.locator('[data-line="tax"]')).toContainText('VAT 19 %');
	await expect(page.locator('[data-line="total"]')).toContainText('€7.14');
});

test('a visitor sees VAT for the language’s country', async ({ page }) => {
	await addPalworld(page);
	await expect(page.locator('[data-line="tax"]')).toContainText('VAT 25 %');
	await expect(page.getByText('VAT for Norway')).toBeVisible();
});
