import { expect, test, type Page } from './test';
import { signIn } from './backend';
import { newAccount } from './fixtures';
import { orderVps } from './vps-order';

// Issue 31: a VPS's page on the simulated hypervisor. Its owner sees what it is (image, hostname,
// addresses, size, state, uptime) and its graphs, and runs its power from the page, seeing the
// state the machine reaches; a control that cannot be used says why; anyone else gets 404.

/** Orders a VPS, waits until it runs, answers its service id. */
async function runningVps(page: Page, hostname: string): Promise<string> {
	const orderId = await orderVps(page, { image: 'debian-12', hostname });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	return status.service.id;
}

test('the VPS page shows its facts and graphs, and its power reaches the state it says', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'page-e2e');
	// The VPS list (the panel's VPS, beside Game servers) links to its page.
	await page.goto('/panel/vps');
	await page.locator(`a[href="/panel/vps/${id}"]`).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}$`));
	const facts = page.locator('[data-vps-facts]');
	await expect(facts.locator('[data-fact=hostname]')).toHaveText('page-e2e');
	await expect(facts.locator('[data-fact=image]')).toContainText('Debian 12');
	await expect(facts.locator('[data-fact=ipv4]')).toContainText(/203\.0\.113\.\d+/);
	await expect(facts.locator('[data-fact=cores]')).toHaveText('1');
	await expect(facts.locator('[data-fact=memory]')).toHaveText('2 GB');
	const state = page.locator('[data-vps-state]');
	await expect(state).toHaveAttribute('data-vps-state', 'running');
	await expect(state).toContainText('Running');
	await expect(page.locator('[data-uptime]')).toContainText(/Uptime: \d+ d \d+ h \d+ min/);

	// The graphs load when the customer scrolls to them.
	await page.locator('#vps-graphs').scrollIntoViewIfNeeded();
	await expect(page.locator('[data-graphs-ready=hour]')).toBeVisible();
	for (const graph of ['cpu', 'memory', 'disk', 'network'])
		await expect(page.locator(`[data-graph=${graph}]`)).toContainText(/average .+, peak /);
	await page.locator('[data-timeframe=day]').click();
	await expect(page.locator('[data-graphs-ready=day]')).toBeVisible();

	await page.locator('[data-power=stop]').click();
	await expect(state).toHaveAttribute('data-vps-state', 'stopped');
	await expect(state).toContainText('Stopped');
	const shutdown = page.locator('[data-power=shutdown]');
	await expect(shutdown).toBeDisabled();
	await expect(shutdown).toHaveAccessibleDescription('Already stopped: start it first.');
	await expect(page.locator('[data-uptime]')).toContainText('Not running');

	await page.locator('[data-power=start]').click();
	await expect(state).toHaveAttribute('data-vps-state', 'running');
	await expect(page.locator('[data-power=start]')).toHaveAccessibleDescription('Already running.');
});

test('the VPS page in German: its facts, graphs and why a control is off', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'seite-e2e');
	await page.goto(`/de/panel/vps/${id}`);
	await expect(page.locator('#vps-facts')).toHaveText('Dein VPS');
	await expect(page.locator('[data-vps-facts]')).toContainText('Betriebssystem');
	await expect(page.locator('[data-fact=hostname]')).toHaveText('seite-e2e');
	await expect(page.locator('[data-vps-state]')).toContainText('Läuft');
	await expect(page.locator('[data-power=start]')).toBeDisabled();
	await expect(page.locator('[data-why=running]')).toHaveText('Läuft bereits.');
	await page.locator('#vps-graphs').scrollIntoViewIfNeeded();
	await expect(page.locator('[data-graph=cpu]')).toContainText(/Durchschnitt .+, Spitze /);
	await expect(page.locator('#vps-graphs')).toHaveText('Auslastung');
});

test('another customer’s VPS is not found, and its power refuses them', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'theirs-e2e');
	await page.context().clearCookies();
	await signIn(page, await newAccount('stranger'));
	await expect(page).toHaveURL(/\/panel$/);
	const answer = await page.goto(`/panel/vps/${id}`);
	expect(answer?.status()).toBe(404);
	await expect(page.locator('[data-not-found]')).toHaveText('Server not found');
	await expect(page.locator('[data-vps-facts]')).toHaveCount(0);
	const power = await page.request.post(`/api/services/${id}/power`, {
		data: { action: 'stop', locale: 'en' },
	});
	expect(power.status()).toBe(404);
});

test('@phone the VPS page and its graphs fit a 360 px screen', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'phone-e2e');
	await page.goto(`/panel/vps/${id}`);
	await page.locator('#vps-graphs').scrollIntoViewIfNeeded();
	await expect(page.locator('[data-graphs-ready=hour]')).toBeVisible();
	const box = await page.locator('[data-graph=network] svg').boundingBox();
	expect(box!.width).toBeGreaterThan(200);
	const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
	expect(width).toBeLessThanOrEqual(360);
});
