import { expect, test } from './test';
import { linkMailedTo, uniqueEmail } from './backend';
import { islandsHydrated } from './islands';
import { addToCart } from './purchase';

// A visitor with a full cart who has no account yet: the checkout sends them to sign in, they
// create an account instead, and the confirmation mail brings them back to the checkout, not the
// panel. What they then type as billing address survives a reload.

test('creating an account from the checkout comes back to the checkout with the cart and the typed address', async ({
	page,
}) => {
	await addToCart(page, '/palworld-server-hosting');
	await page.goto('/checkout');
	await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
	await page.getByRole('link', { name: 'Create an account' }).click();
	await expect(page).toHaveURL(/\/register\?next=%2Fcheckout$/);

	const email = uniqueEmail('checkout-signup');
	await page.getByLabel('First name').fill('Liv');
	await page.getByLabel('Last name').fill('Havstad');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill('Skerry-Puffin-Lantern-73');
	await page.getByLabel('Confirm password').fill('Skerry-Puffin-Lantern-73');
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page.getByRole('status')).toContainText(email);

	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(/\/checkout$/);
	await islandsHydrated(page);
	await expect(page.locator('main')).toContainText('Palworld');

	await page.locator('main button.btn-primary').click(); // review → billing
	await page.locator('input[name=address]').fill('Bryggen 3');
	await page.locator('input[name=postcode]').fill('5003');
	await page.locator('input[name=city]').fill('Bergen');
	await page.locator('select[name=country]').selectOption('NO');

	await page.reload();
	await islandsHydrated(page);
	await expect(page.locator('main')).toContainText('Palworld');
	await page.locator('main button.btn-primary').click(); // review → billing
	await expect(page.locator('input[name=name]')).toHaveValue('Liv Havstad');
	await expect(page.locator('input[name=address]')).toHaveValue('Bryggen 3');
	await expect(page.locator('input[name=postcode]')).toHaveValue('5003');
	await expect(page.locator('input[name=city]')).toHaveValue('Bergen');
	await expect(page.locator('select[name=country]')).toHaveValue('NO');
});
