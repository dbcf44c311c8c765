import { expect, test, type Page } from './test';
import { orderVps } from './vps-order';

// Issue 39 item 10: a control is on screen before its island's JavaScript has run. A press then
// must not be lost: it is done once the island can act (src/islands/early-clicks.ts). Each
// island's code is held back here, as on a slow connection, while the customer presses.

/** Holds back the scripts whose names match until the returned function is called. */
async function holdScripts(page: Page, names: RegExp): Promise<() => void> {
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route(
		(url) => url.pathname.startsWith('/_astro/') && names.test(url.pathname),
		async (route) => {
			await released;
			await route.continue();
		},
	);
	return release;
}

// The same on a phone (its project runs the @phone tests): a tap is a click.
for (const device of ['', ' @phone'])
	test(`presses on the VPS page before its islands have loaded are done once they have${device}`, async ({
		page,
	}) => {
		test.setTimeout(120_000);
		const orderId = await orderVps(page, {
			image: 'debian-12',
			hostname: `early${device ? '-phone' : ''}-e2e`,
		});
		await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
		const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
			service: { id: string };
		};

		const vpsPage = `/panel/vps/${status.service.id}`;
		const press = (selector: string) =>
			device ? page.locator(selector).tap() : page.locator(selector).click();

		// The console (client:visible, far down the page) while its code is on its way.
		const releaseConsole = await holdScripts(page, /\/ConsoleViewer\.[^/]+\.js$/);
		await page.goto(vpsPage);
		const consoleIsland = page.locator('astro-island:has([data-console-open])');
		await consoleIsland.scrollIntoViewIfNeeded();
		await press('[data-console-open]');
		await expect(consoleIsland).toHaveAttribute('ssr');
		releaseConsole();
		await expect(page.locator('[data-console-status=connected]')).toHaveText('Connected');

		// Power (client:load, at the top) likewise: pressed Stop, the machine stops.
		const releasePower = await holdScripts(page, /\/VpsPower\.[^/]+\.js$/);
		await page.goto(vpsPage);
		await press('[data-power=stop]');
		await expect(page.locator('astro-island:has([data-power])')).toHaveAttribute('ssr');
		await expect(page.locator('[data-vps-state]')).toHaveAttribute('data-vps-state', 'running');
		releasePower();
		await expect(page.locator('[data-vps-state]')).toHaveAttribute('data-vps-state', 'stopped');
	});
