import locations from '../../content/catalogue/locations.json' with { type: 'json' };
import { localeCodes, locales, type Locale } from '../../src/i18n/locales';
import { localizePath } from '../../src/i18n/paths';
import { dictionaries } from './dictionaries';
import { expect, test, type Page } from './test';

// The locations a visitor sees (issue 43): /locations in four languages, each location with its
// flag, city, country and what it offers; the latency check run in the browser against the test
// addresses (routed here, so the test is offline), which keeps nothing and tells the shop
// nothing; the game and VPS pages listing their own locations; and GET /api/locations.

const locationsFor = (product: string) => locations.filter((l) => l.products.includes(product));
const countryName = (code: string, locale: Locale) =>
	new Intl.DisplayNames([locales[locale].intl], { type: 'region' }).of(code) ?? code;

/** Answers each location's test address as `answers` says, or refuses it (unreachable). */
async function routeProbes(page: Page, answers: Record<string, 'up' | 'down'>) {
	for (const location of locations) {
		await page.route(location.testAddress, (route) =>
			answers[location.id] === 'up'
				? route.fulfill({ status: 204 })
				: route.abort('connectionrefused'),
		);
	}
}

for (const locale of localeCodes) {
	test(`/locations in ${locale} shows every location with its flag, country and products`, async ({
		page,
	}) => {
		const t = (key: string) => dictionaries[locale][key]!;
		await page.goto(localizePath('/locations', locale));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('locations.title'));
		for (const location of locations) {
			const card = page.locator(`li[data-location="${location.id}"]`);
			const country = countryName(location.country, locale);
			await expect(card.getByRole('heading', { level: 2 })).toHaveText(
				new RegExp(t(`location.${location.id}`)),
			);
			await expect(card.getByRole('img', { name: country })).toBeVisible();
			await expect(card.locator('p').first()).toHaveText(country);
			const links = card.getByRole('link');
			await expect(links).toHaveCount(location.products.length);
			if (location.products.includes('vps'))
				await expect(card.getByRole('link', { name: t('nav.vps') })).toHaveAttribute(
					'href',
					localizePath('/vps-hosting', locale),
				);
			if (location.products.includes('game'))
				await expect(card.getByRole('link', { name: t('locations.product.game') })).toHaveAttribute(
					'href',
					localizePath('/games', locale),
				);
		}
	});
}

test('the latency check times each location from the browser and shows the median or unreachable', async ({
	page,
}) => {
	await routeProbes(page, { oslo: 'up', frankfurt: 'up', stockholm: 'down' });
	await page.goto('/de/locations');
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
	const toShop: string[] = [];
	page.on('request', (request) => {
		if (new URL(request.url()).origin === new URL(page.url()).origin) toShop.push(request.url());
	});
	const cookies = await page.context().cookies();
	const check = page.locator('[data-latency-check]');
	await expect(check.locator('tr[data-latency="oslo"] td')).toHaveText('Noch nicht gemessen');
	await check.getByRole('button', { name: 'Ping testen' }).click();
	await expect(page.getByRole('status')).toHaveText('Ping getestet.');
	for (const id of ['oslo', 'frankfurt'])
		await expect(check.locator(`tr[data-latency="${id}"] td`)).toHaveText(/^\d+ ms$/);
	await expect(check.locator('tr[data-latency="stockholm"] td')).toHaveText('Nicht erreichbar');
	await expect(check.getByRole('button', { name: 'Erneut testen' })).toBeEnabled();
	// Nothing of it went to the shop or stayed behind.
	expect(toShop).toEqual([]);
	expect(await page.context().cookies()).toEqual(cookies);
	expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});

test('the game and VPS pages list the locations offering them and link to /locations', async ({
	page,
}) => {
	for (const [path, product] of [
		['/no/valheim-server-hosting', 'game'],
		['/no/vps-hosting', 'vps'],
	] as const) {
		await page.goto(path);
		const list = page.locator(`[data-locations="${product}"]`);
		await expect(list.locator('li')).toHaveCount(locationsFor(product).length);
		for (const location of locationsFor(product))
			await expect(
				list
					.locator(`li[data-location="${location.id}"]`)
					.getByRole('img', { name: countryName(location.country, 'no') }),
			).toBeVisible();
		await page.getByRole('link', { name: 'Lokasjoner og pingtest' }).click();
		await expect(page).toHaveURL(/\/no\/locations$/);
	}
});

test('GET /api/locations answers the catalogue in the caller’s language, and 422 for a plan it does not sell', async ({
	request,
}) => {
	const answer = await request.get('/api/locations?lang=de&product=game&plan=valheim-standard');
	expect(answer.status()).toBe(200);
	expect(answer.headers()['cache-control']).toMatch(/no-store/);
	const { locations: rows } = (await answer.json()) as {
		locations: { id: string; city: string; country: string; products: string[]; full: boolean }[];
	};
	expect(
		rows.map(({ id, city, country, products, full }) => ({ id, city, country, products, full })),
	).toEqual(
		locationsFor('game').map((location) => ({
			id: location.id,
			city: dictionaries.de[`location.${location.id}`],
			country: location.country,
			products: location.products,
			full: false,
		})),
	);
	const refused = await request.get('/api/locations?plan=valheim-mega&lang=no');
	expect(refused.status()).toBe(422);
	expect(await refused.json()).toEqual({
		error: { code: 'unknown_plan', message: dictionaries.no['checkout.error.unknown_plan'] },
	});
});
