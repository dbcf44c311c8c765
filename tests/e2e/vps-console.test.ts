import { WebSocket } from 'ws';
import { expect, test, type Page } from './test';
import { e2ePorts } from './ports';
import { signIn } from './backend';
import { admin, newAccount } from './fixtures';
import { orderVps } from './vps-order';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };

// Issue 31: the browser console on the simulated hypervisor. The owner opens it from the VPS page
// and noVNC draws the machine's boot text (the site's relay speaks to the simulated RFB server);
// the WebSocket refuses another session, and another customer gets no console at all.

async function runningVps(
	page: Page,
	hostname: string,
	account?: { email: string; password: string },
): Promise<string> {
	const orderId = await orderVps(page, { image: 'debian-12', hostname }, { account });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	return status.service.id;
}

/** Pixels of the console's canvas that are not its black background. */
function litPixels(page: Page): Promise<number> {
	return page.locator('[data-console-screen] canvas').evaluate((canvas: HTMLCanvasElement) => {
		const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
		let lit = 0;
		for (let i = 0; i < data.length; i += 4)
			if (data[i]! + data[i + 1]! + data[i + 2]! > 0) lit += 1;
		return lit;
	});
}

/** Opens the console on the VPS page (in `prefix`'s language) and waits until it shows the screen. */
async function openConsole(page: Page, id: string, prefix: string, connected: string) {
	await page.goto(`${prefix}/panel/vps/${id}`);
	await page.locator('#vps-console').scrollIntoViewIfNeeded();
	// The island hydrates when visible; a click before that would reach no React.
	await expect(page.locator('section:has(#vps-console) astro-island[ssr]')).toHaveCount(0);
	await page.locator('[data-console-open]').click();
	await expect(page.locator('[data-console-status=connected]')).toHaveText(connected);
}

for (const { locale, prefix, connected } of [
	{ locale: 'en', prefix: '', connected: 'Connected' },
	{ locale: 'de', prefix: '/de', connected: 'Verbunden' },
]) {
	test(`the owner sees the machine's screen in the console (${locale})`, async ({ page }) => {
		test.setTimeout(120_000);
		const id = await runningVps(page, `console-${locale}-e2e`);
		await openConsole(page, id, prefix, connected);
		await expect.poll(() => litPixels(page)).toBeGreaterThan(1000);
	});
}

test('the console refuses another session and another customer', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'console-theirs-e2e');
	await page.goto(`/panel/vps/${id}`);
	const made = await page.request.post(`/api/services/${id}/console`, { data: { locale: 'en' } });
	expect(made.status()).toBe(200);
	const { url } = (await made.json()) as { url: string };
	await page.context().clearCookies();
	await signIn(page, await newAccount('console-stranger'));
	await expect(page).toHaveURL(/\/panel$/);
	const outcome = await page.evaluate(
		(path) =>
			new Promise<string>((resolve) => {
				const socket = new WebSocket(`ws://${location.host}${path}`);
				socket.onopen = () => resolve('open');
				socket.onerror = () => resolve('refused');
			}),
		url,
	);
	expect(outcome).toBe('refused');
	const theirs = await page.request.post(`/api/services/${id}/console`, { data: { locale: 'en' } });
	expect(theirs.status()).toBe(404);
});

test('the console WebSocket opens only from the site’s own pages', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'console-origin-e2e');
	const made = await page.request.post(`/api/services/${id}/console`, { data: { locale: 'en' } });
	const { url } = (await made.json()) as { url: string };
	// The owner's own cookies: only the Origin is wrong, as from a page of another site.
	const cookie = (await page.context().cookies())
		.map(({ name, value }) => `${name}=${value}`)
		.join('; ');
	const status = await new Promise<number | undefined>((resolve) => {
		const socket = new WebSocket(`ws://127.0.0.1:${e2ePorts.site}${url}`, {
			origin: 'https://evil.example',
			headers: { Cookie: cookie },
		});
		socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
		socket.on('open', () => resolve(101));
		socket.on('error', () => resolve(undefined));
	});
	expect(status).toBe(403);
});

// Issue 38: an open console ends with what allowed it, and the page says why.
test('the console closes, saying why, when another device signs its session out', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const account = await newAccount('console-signout');
	const id = await runningVps(page, 'console-signout-e2e', account);
	await openConsole(page, id, '/de', 'Verbunden');
	const elsewhere = await browser.newContext();
	const other = await elsewhere.newPage();
	await signIn(other, account);
	await expect(other).toHaveURL(/\/panel$/);
	await other.goto('/panel/account/security');
	await other.getByRole('button', { name: en['sessions.signOutOthers'] }).click();
	await expect(page.locator('[data-console-status=closed]')).toHaveText(
		de['vps.console.ended.signed_out'],
	);
	await elsewhere.close();
});

test('the console closes, saying why, when the server is suspended', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'console-suspend-e2e');
	await openConsole(page, id, '', 'Connected');
	// As billing or staff suspend it: the service's status, whichever site server did it.
	const { error } = await admin().from('services').update({ status: 'suspended' }).eq('id', id);
	expect(error).toBeNull();
	await expect(page.locator('[data-console-status=closed]')).toHaveText(
		en['vps.console.ended.suspended'],
	);
});
