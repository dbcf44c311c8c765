import { expect, test } from './test';
import { everyLocalisedRoute } from './public-routes';

test.describe('every public route in every locale', () => {
	for (const route of everyLocalisedRoute) {
		test(`${route.path} answers 200 in ${route.lang}`, async ({ request }) => {
			const response = await request.get(route.path);
			expect(response.status()).toBe(200);
			const html = await response.text();
			expect(html).toMatch(new RegExp(`<html[^>]* lang="${route.lang}"`));
			expect(html).toContain('<link rel="canonical"');
		});
	}
});

test('/en/... answers with a permanent redirect to the unprefixed path', async ({ request }) => {
	for (const [from, to] of [
		['/en/games', '/games'],
		['/en', '/'],
		['/en/vps-hosting?ref=mail', '/vps-hosting?ref=mail'],
		['/en//evil.example', '/evil.example'],
		['/en/%5Cevil.example', '/evil.example'],
	]) {
		const response = await request.get(from!, { maxRedirects: 0 });
		expect(response.status(), from).toBe(301);
		expect(response.headers()['location'], from).toBe(to);
	}
});

test('pages load without console errors', async ({ page }) => {
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
	});
	page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
	for (const path of [
		'/',
		'/games',
		'/no/rust-server-hosting',
		'/da/minecraft-server-hosting',
		'/de/vps-hosting',
		'/terms-of-service',
	]) {
		await page.goto(path);
	}
	expect(errors).toEqual([]);
});
