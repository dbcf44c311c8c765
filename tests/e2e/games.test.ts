import { expect, test } from './test';

const cards = 'ul#game-list > li';

test('search filters the games as you type', async ({ page }) => {
	await page.goto('/games');
	await expect(page.locator(`${cards}:visible`)).toHaveCount(12);
	await page.getByLabel('Search games').fill('zomb');
	await expect(page.locator(`${cards}:visible`)).toHaveCount(1);
	await expect(page.locator(`${cards}:visible`)).toContainText('Project Zomboid');
	await expect(page.getByRole('status')).toHaveText('1 game');
	await page.getByLabel('Search games').fill('no such game');
	await expect(page.locator(`${cards}:visible`)).toHaveCount(0);
	await expect(page.getByText('No game matches your search')).toBeVisible();
});

test('platform filters narrow the list and combine with search', async ({ page }) => {
	await page.goto('/de/games');
	const group = page.getByRole('group', { name: 'Plattform' });
	await group.getByRole('button', { name: 'Mobil' }).click();
	await expect(group.getByRole('button', { name: 'Mobil' })).toHaveAttribute(
		'aria-pressed',
		'true',
	);
	const names = await page.locator(`${cards}:visible h2`).allTextContents();
	expect(names.sort()).toEqual(['Minecraft', 'Terraria']);
	await group.getByRole('button', { name: 'Konsole' }).click();
	await page.getByRole('searchbox').fill('val');
	await expect(page.locator(`${cards}:visible h2`)).toHaveText(['Valheim']);
	await group.getByRole('button', { name: 'Alle' }).click();
	await page.getByRole('searchbox').fill('');
	await expect(page.locator(`${cards}:visible`)).toHaveCount(12);
});

test('badges mark the most popular and newly updated games', async ({ page }) => {
	await page.goto('/games');
	await expect(page.locator(cards).filter({ hasText: 'Most popular' })).toHaveCount(3);
	await expect(page.locator(cards).filter({ hasText: 'New update' })).toHaveCount(2);
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });
	test('the full list shows and no dead controls do', async ({ page }) => {
		await page.goto('/games');
		await expect(page.locator(`${cards}:visible`)).toHaveCount(12);
		await expect(page.getByRole('searchbox')).toBeHidden();
	});
});

test('the search and platform survive a reload, and a shared link opens filtered', async ({
	page,
}) => {
	await page.goto('/games');
	await page
		.getByRole('group', { name: 'Platform' })
		.getByRole('button', { name: 'Console' })
		.click();
	await page.getByRole('searchbox').fill('val');
	await expect(page).toHaveURL(/\/games\?q=val&platform=console$/);
	await page.reload();
	await expect(page.getByRole('searchbox')).toHaveValue('val');
	await expect(page.locator(`${cards}:visible h2`)).toHaveText(['Valheim']);
	await expect(
		page.getByRole('group', { name: 'Platform' }).getByRole('button', { name: 'Console' }),
	).toHaveAttribute('aria-pressed', 'true');
	await page.goto('/de/games?platform=mobile');
	expect((await page.locator(`${cards}:visible h2`).allTextContents()).sort()).toEqual([
		'Minecraft',
		'Terraria',
	]);
});

test('a platform clicked before the script has run is honoured', async ({ page }) => {
	// Hold the page's scripts back so the click lands on the server-rendered form.
	await page.route('**/*.js', async (route) => {
		await new Promise((resolve) => setTimeout(resolve, 1500));
		await route.continue();
	});
	await page.goto('/games', { waitUntil: 'domcontentloaded' });
	await page
		.getByRole('group', { name: 'Platform' })
		.getByRole('button', { name: 'Mobile' })
		.click();
	await expect(page).toHaveURL(/platform=mobile/);
	await expect(page.locator(`${cards}:visible`)).toHaveCount(2);
});
