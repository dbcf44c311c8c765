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
 * Buys a Palworld server (8 GB, monthly, EUR; or the `plan` given, with its extras) as the
 * signed-in customer the way the site does it: POST /api/checkout, the test gateway's Pay, then the
 * order page until the server runs on the simulated panel. Returns the new service's id.
 */
export async function buyServer(
	page: Page,
	locale: '' | '/de' = '',
	plan: { planId: string; ram: number; extras?: string[] } = {
		planId: 'palworld-standard',
		ram: 8,
	},
): Promise<string> {
	const { extras = [], ...size } = plan;
	const answer = await page.request.post('/api/checkout', {
		data: {
			item: {
				...size,
				storageGb: 25,
				extras,
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

/** From the cart through the checkout's three steps to the test gateway, which pays or declines. */
export async function checkoutAndPay(page: Page, action: 'pay' | 'decline') {
	await checkoutToGateway(page);
	await page.locator(`button[value=${action}]`).click();
	await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
}

/** From the cart through the checkout's three steps to the test gateway's payment page. */
export async function checkoutToGateway(page: Page) {
	await page.locator('a[href$="/checkout"]').first().click();
	await expect(page).toHaveURL(/\/checkout$/);
	await islandsHydrated(page);
	await reviewToGateway(page);
	await expect(page).toHaveURL(/\/checkout\/test-gateway\//);
}

/** The checkout's three steps, from its review (already open) to the test gateway's page. */
export async function reviewToGateway(page: Page) {
	await page.locator('main button.btn-primary').click(); // review → billing
	await page.locator('input[name=name]').fill('Nora Kjøper');
	await page.locator('input[name=address]').fill('Storgata 1');
	await page.locator('input[name=postcode]').fill('0155');
	await page.locator('input[name=city]').fill('Oslo');
	await page.locator('select[name=country]').selectOption('NO');
	await page.locator('main button.btn-primary').click(); // billing → payment
	await page.locator('input[name=method][value=card]').check();
	await page.locator('main button.btn-primary').click(); // pay
}
