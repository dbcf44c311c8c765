import AxeBuilder from '@axe-core/playwright';
import { WebSocket } from 'ws';
import { expect, test, type Page } from './test';
import { e2ePorts } from './ports';
import { signIn } from './backend';
import { admin, newAccount } from './fixtures';
import { buyServer } from './purchase';
import { staffSignIn } from './staff';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };

// Issue 41: a game server's live console in the panel, on the simulated panel. The customer buys a
// Minecraft server, opens its console, sees its output, sends `say hi` and sees the server answer;
// the page works in German and on a 360 px phone, and its WebSocket opens only from the site.

const minecraft = { planId: 'minecraft-budget', ram: 2 };

async function customerWithServer(page: Page, prefix = 'game-console'): Promise<string> {
	await signIn(page, await newAccount(prefix));
	await expect(page).toHaveURL(/\/panel$/);
	return buyServer(page, '', minecraft);
}

const log = (page: Page) => page.locator('[data-console-log]');
const status = (page: Page) => page.locator('[data-console-status]');

test('the owner watches the console, sends say hi and sees it answered', async ({ page }) => {
	test.setTimeout(120_000);
	const id = await customerWithServer(page);
	await page.goto(`/panel/game-servers/servers/${id}/console`);
	await expect(status(page)).toHaveAttribute('data-console-status', 'connected');
	await expect(status(page)).toHaveText('Connected');
	await expect(page.getByRole('log', { name: en['gameConsole.log'] })).toBeVisible();
	await expect(log(page).locator('[data-console-line]').first()).toBeVisible();
	await expect(page.locator('[data-stat=state] dd')).toHaveText(en['gameConsole.state.running']);
	await expect(page.locator('[data-stat=memory] dd')).toContainText('GB');

	const command = page.getByLabel(en['gameConsole.command']);
	await command.fill('say hi');
	await command.press('Enter');
	await expect(command).toHaveValue('');
	await expect(log(page)).toContainText('[Server] hi');
	await command.press('ArrowUp');
	await expect(command).toHaveValue('say hi');

	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(violations.map((v) => v.id)).toEqual([]);
	await page.getByRole('link', { name: en['gameConsole.back'] }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/game-servers/servers/${id}$`));
	// Opening it is in the server's activity.
	await expect(page.locator('[data-activity] [data-event=console_opened]')).toHaveCount(1);
});

test('in German on a phone: the console fits 360 px, refuses a stopped server’s command, and says why it closed', async ({
	page,
}) => {
	test.setTimeout(120_000);
	await page.setViewportSize({ width: 360, height: 740 });
	const id = await customerWithServer(page, 'game-console-de');
	const stopped = await page.request.post(`/api/services/${id}/power`, {
		data: { action: 'stop' },
	});
	expect(stopped.status()).toBe(200);
	await page.goto(`/de/panel/game-servers/servers/${id}/console`);
	await expect(status(page)).toHaveText('Verbunden');
	await expect(page.locator('[data-stat=state] dd')).toHaveText(de['gameConsole.state.offline']);
	const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
	expect(width).toBeLessThanOrEqual(360);
	// The command line and its button side by side, both whole on the screen.
	const send = page.getByRole('button', { name: de['gameConsole.send'] });
	await send.scrollIntoViewIfNeeded();
	const box = await send.boundingBox();
	expect(box!.x + box!.width).toBeLessThanOrEqual(360);
	await expect(page.getByLabel(de['gameConsole.command'])).toBeInViewport();

	await page.getByLabel(de['gameConsole.command']).fill('say hallo');
	await page.getByLabel(de['gameConsole.command']).press('Enter');
	await expect(status(page)).toHaveText(de['gameConsole.refused.not_running']);

	const { error } = await admin().from('services').update({ status: 'suspended' }).eq('id', id);
	expect(error).toBeNull();
	await expect(status(page)).toHaveText(de['gameConsole.ended.suspended']);
	await expect(page.getByRole('button', { name: de['gameConsole.reconnect'] })).toBeVisible();
	await page.getByRole('button', { name: de['gameConsole.reconnect'] }).click();
	await expect(status(page)).toHaveAttribute('data-console-status', 'failed');
	await expect(status(page)).toContainText('gesperrt');
});

test('another customer gets no console, and the WebSocket opens only from the site', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const id = await customerWithServer(page, 'game-console-origin');
	const made = await page.request.post(`/api/services/${id}/game-console`, {
		data: { locale: 'en' },
	});
	expect(made.status()).toBe(200);
	const { url } = (await made.json()) as { url: string };
	expect(url).toMatch(/^\/game-console\/[A-Za-z0-9_-]{43}$/);
	const cookie = (await page.context().cookies())
		.map(({ name, value }) => `${name}=${value}`)
		.join('; ');
	const statusOf = (origin: string) =>
		new Promise<number | undefined>((resolve) => {
			const socket = new WebSocket(`ws://127.0.0.1:${e2ePorts.site}${url}`, {
				origin,
				headers: { Cookie: cookie },
			});
			socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
			socket.on('open', () => {
				socket.close();
				resolve(101);
			});
			socket.on('error', () => resolve(undefined));
		});
	expect(await statusOf('https://evil.example')).toBe(403);

	await page.context().clearCookies();
	await signIn(page, await newAccount('game-console-stranger'));
	await expect(page).toHaveURL(/\/panel$/);
	const theirs = await page.request.post(`/api/services/${id}/game-console`, {
		data: { locale: 'en' },
	});
	expect(theirs.status()).toBe(404);
	expect(((await theirs.json()) as { error: { message: string } }).error.message).toBe(
		en['servers.error.not_found'],
	);
});

test('staff watch a customer’s console read-only, and the audit log says so', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const id = await customerWithServer(page, 'game-console-staff');
	const context = await browser.newContext();
	const staff = await context.newPage();
	await staffSignIn(staff);
	await staff.goto(`/staff/services/${id}`);
	const section = staff.locator('[data-staff-console]');
	await section.getByRole('button', { name: en['gameConsole.open'] }).click();
	await expect(section.locator('[data-console-status]')).toHaveText('Connected');
	await expect(section.locator('[data-console-line]').first()).toBeVisible();
	await expect(section.getByText(en['gameConsole.readOnly'])).toBeVisible();
	await expect(section.getByLabel(en['gameConsole.command'])).toHaveCount(0);
	await staff.goto('/staff/audit');
	await expect(staff.getByText(en['staff.action.game_console_opened']).first()).toBeVisible();
	await context.close();
});
