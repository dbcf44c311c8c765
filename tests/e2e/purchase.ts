import { expect, type Page } from '@playwright/test';
import { islandsHydrated } from './islands';

/** Puts the product page's configured server in the cart, as its button does, and opens the cart. */
export async function addToCart(page: Page, product: string): Promise<void> {
	await page.goto(product);
	await islandsHydrated(page);
	await page
		.locator('[data-configurator] button[type=submit], [data-configurator] button')
		.last()
		.click();
	await expect(page).toHaveURL(/\/cart$/);
}

/**
 * Buys a Palworld server (8 GB, monthly, EUR) as the signed-in customer the way the site does it:
 * POST /api/checkout, the test gateway's Pay, then the order page until the server runs on the
 * simulated panel. Returns the new service's id.
 */
export async function buyServer(page: Page, locale: '' | '/de' = ''): Promise<string> {
	const answer = await page.request.post('/api/checkout', {
		data: {
			item: {
				planId: 'palworld-standard',
				ram: 8,
				storageGb: 25,
				extras: [],
				cycle: 'monthly',
				currency: 'EUR',
				price: 1,
			},
			billing: {
				name: 'Sigrid Berg',
				address: 'Storgata 1',
				postcode: '0155',
				city: 'Oslo',
				country: 'NO',
			},
			method: 'card',
			idempotencyKey: `buy-${Math.random().toString(36).slice(2, 12)}`,
			total: 1,
			locale: locale ? 'de' : 'en',
		},
	});
	expect(answer.status()).toBe(201);
	const { paymentUrl } = (await answer.json()) as { paymentUrl: string };
	await page.goto(paymentUrl);
	await page.locator('button[value=pay]').click();
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 20_000 });
	const manage = await page
		.locator('[data-order-stage=running] a.btn-primary')
		.getAttribute('href');
	return manage!.split('/').pop()!;
}
