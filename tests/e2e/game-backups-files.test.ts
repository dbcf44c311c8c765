import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { signIn } from './backend';
import { admin, billingCustomer } from './fixtures';
import { islandsHydrated } from './islands';
import { staffSignIn } from './staff';
import { buyServer } from './purchase';

// Issue 41's "Done when", in the browser on the simulated panel: a customer with a running
// Minecraft server makes a backup, edits server.properties in the file editor, restores the backup
// and sees the old value back; the pages in German and on a 360 px screen; someone else's server
// stays "not found".

const othersValheim = 'c0ffee00-0000-4000-8000-000000000201';

async function noAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

async function fits360(page: Page) {
	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	expect(width).toBeLessThanOrEqual(360);
}

const motdOf = (text: string) => /^motd=(.*)$/m.exec(text)?.[1];

test('a backup, an edit of server.properties and a restore bring the old motd back', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page, '', { planId: 'minecraft-budget', ram: 2 });
	// minecraft-budget includes 3 backups (the catalogue), given to the panel at creation.

	// A backup, followed until it is done.
	await page.goto(`/panel/game-servers/servers/${id}/backups`);
	await islandsHydrated(page);
	await expect(page.locator('[data-backups-used]')).toHaveText('0 of 3 backups used');
	await page.getByLabel('Name (optional)').fill('Before the edit');
	await page.getByRole('button', { name: en['gameBackups.create.submit'] }).click();
	const backup = page.locator('[data-backup]').first();
	await expect(backup).toContainText('Before the edit');
	await expect(backup).toHaveAttribute('data-backup-state', 'completed');
	await expect(page.locator('[data-backups-used]')).toHaveText('1 of 3 backups used');
	await noAxeViolations(page);

	// The editor (through the server's tabs): server.properties, a new motd, and a save that says
	// what changed.
	const tabs = page.getByRole('navigation', { name: en['gameServer.tabs'] });
	await expect(tabs.getByRole('link', { name: en['gameServer.tab.backups'] })).toHaveAttribute(
		'aria-current',
		'page',
	);
	await tabs.getByRole('link', { name: en['gameServer.tab.files'] }).click();
	await expect(page).toHaveURL(`/panel/game-servers/servers/${id}/files`);
	await islandsHydrated(page);
	await page.locator('[data-file="server.properties"] [data-file-edit]').click();
	const editor = page.locator('#file-editor-text');
	await expect(editor).toHaveValue(/motd=/);
	const original = motdOf(await editor.inputValue());
	expect(original).toBeTruthy();
	await editor.fill((await editor.inputValue()).replace(/^motd=.*$/m, 'motd=Edited in the panel'));
	await page.locator('[data-file-save]').click();
	await expect(page.locator('[data-files-notice=success]')).toHaveText('Saved: 1 line changed.');
	await expect(page.locator('[data-sftp]')).toBeVisible();
	await noAxeViolations(page);

	// The restore asks first, saying the server stops and its files are replaced.
	await page.goto(`/panel/game-servers/servers/${id}/backups`);
	await islandsHydrated(page);
	await page.locator('[data-backup-restore]').first().click();
	const dialog = page.locator('[data-restore-dialog]');
	await expect(dialog).toContainText('The server stops, and its files are replaced');
	await expect(dialog.getByLabel(/Delete all files first/)).not.toBeChecked();
	await noAxeViolations(page);
	await page.locator('[data-restore-confirm]').click();
	await expect(page.locator('[data-backups-notice=success]')).toContainText('Restoring');

	// The old motd is back once the restore has finished (until then the panel refuses reads, and
	// the page says so).
	await expect(async () => {
		await page.goto(`/panel/game-servers/servers/${id}/files`);
		await islandsHydrated(page);
		await page.locator('[data-file="server.properties"] [data-file-edit]').click({ timeout: 2000 });
		await expect(editor).toHaveValue(/motd=/, { timeout: 2000 });
		expect(motdOf(await editor.inputValue())).toBe(original);
	}).toPass({ timeout: 20_000 });

	// The server's activity says what was done.
	await page.goto(`/panel/game-servers/servers/${id}`);
	for (const event of ['backup_created', 'file_saved', 'backup_restored'])
		await expect(page.locator(`[data-activity] [data-event=${event}]`)).toHaveCount(1);

	// Staff see the same list, read-only, on the server's staff page.
	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff);
	await staff.goto(`/staff/services/${id}`);
	const staffList = staff.locator('[data-staff-backups]');
	await expect(staffList).toContainText('1 of 3 backups used');
	await expect(staffList.locator('[data-staff-backup]')).toContainText(['Before the edit']);
	await expect(staffList.getByRole('button')).toHaveCount(0);
	await staffContext.close();

	// In German, and on a phone.
	await page.setViewportSize({ width: 360, height: 800 });
	await page.goto(`/de/panel/game-servers/servers/${id}/backups`);
	await islandsHydrated(page);
	await expect(page.locator('[data-backups-used]')).toHaveText(
		de['gameBackups.used'].replace('{count}', '1').replace('{limit}', '3'),
	);
	await expect(page.getByRole('button', { name: de['gameBackups.create.submit'] })).toBeVisible();
	await fits360(page);
	await noAxeViolations(page);
	await page.goto(`/de/panel/game-servers/servers/${id}/files`);
	await islandsHydrated(page);
	await page.locator('[data-file="server.properties"] [data-file-edit]').click();
	await expect(page.getByRole('textbox', { name: 'Inhalt von /server.properties' })).toBeVisible();
	await fits360(page);
	await noAxeViolations(page);
});

test("someone else's server stays not found, and a write from another site is refused", async ({
	page,
}) => {
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto(`/panel/game-servers/servers/${othersValheim}/backups`);
	await expect(page.getByRole('alert')).toHaveText('Server not found');
	const foreign = await page.request.post(`/api/services/${othersValheim}/backups`, {
		data: { name: 'mine now' },
	});
	expect(foreign.status()).toBe(404);
	const crossSite = await page.request.post(`/api/services/${othersValheim}/backups`, {
		data: {},
		headers: { Origin: 'https://evil.example' },
	});
	expect(crossSite.status()).toBe(403);
	const { data } = await admin()
		.from('service_activity')
		.select('event')
		.eq('service_id', othersValheim)
		.like('event', 'backup_%');
	expect(data).toEqual([]);
});
