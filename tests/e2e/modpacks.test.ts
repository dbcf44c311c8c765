import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { signIn } from './backend';
import { billingCustomer } from './fixtures';
import { islandsHydrated } from './islands';
import { buyServer } from './purchase';

// Issue 42's "Done when", in the browser on the simulated panel and the embedded modpack
// catalogue: a customer who bought the modpack extra finds a pack by name, installs it, follows
// the install and sees its mods in the server's files and its name on the server page; without
// the extra the tab explains it and offers the upgrade (the API refuses the install: 402), and
// any Minecraft server changes its software (Vanilla to Paper).

interface Summary {
	id: string;
	name: string;
}
interface Version {
	id: string;
	name: string;
	gameVersion: string;
	recommendedRamGb: number | null;
	serverPack?: boolean;
}

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

/** A pack of the catalogue and its newest version a server with `ramGb` can install. */
async function installablePack(page: Page, ramGb: number) {
	const listed = await page.request.get('/api/modpacks');
	expect(listed.status()).toBe(200);
	const { modpacks } = (await listed.json()) as { modpacks: Summary[] };
	for (const pack of modpacks) {
		const answer = await page.request.get(`/api/modpacks/${pack.id}/versions`);
		const { versions } = (await answer.json()) as { versions: Version[] };
		const version = versions.find(
			(v) => v.serverPack !== false && (v.recommendedRamGb ?? 0) <= ramGb,
		);
		if (version) return { pack, version };
	}
	throw new Error('no installable pack in the catalogue');
}

const tabs = (page: Page) => page.getByRole('navigation', { name: en['gameServer.tabs'] });

test('with the extra, a pack found by name installs, its mods in the files and its name on the server page', async ({
	page,
}) => {
	test.setTimeout(150_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page, '', {
		planId: 'minecraft-premium',
		ram: 8,
		extras: ['modpackInstallation'],
	});
	const { pack, version } = await installablePack(page, 8);

	// The Modpacks tab, from the server's tabs.
	await page.goto(`/panel/game-servers/servers/${id}`);
	await islandsHydrated(page);
	await tabs(page).getByRole('link', { name: en['gameServer.tab.modpacks'] }).click();
	await expect(page).toHaveURL(`/panel/game-servers/servers/${id}/modpacks`);
	await islandsHydrated(page);
	// The most popular packs first, then the search by name.
	await expect(page.locator('[data-modpack]').first()).toBeVisible();
	await page.getByLabel(en['modpacks.search.label']).fill(pack.name);
	const found = page.locator(`[data-modpack="${pack.id}"]`);
	await expect(found).toContainText(pack.name);
	await noAxeViolations(page);
	await found.locator('[data-modpack-choose]').click();

	// Its versions with the RAM they recommend; install asks first, saying what happens.
	const row = page.locator(`[data-modpack-version="${version.id}"]`);
	await expect(row).toContainText(`Minecraft ${version.gameVersion}`);
	await expect(row.locator('[data-modpack-ram]')).toBeVisible();
	await row.locator('[data-modpack-install]').click();
	const dialog = page.locator('[data-install-dialog]');
	await expect(dialog).toContainText(en['modpacks.confirm.stop']);
	await expect(dialog).toContainText(en['modpacks.confirm.worldsKept']);
	await expect(dialog.getByLabel(en['modpacks.freshWorld'])).not.toBeChecked();
	await noAxeViolations(page);
	await dialog.locator('[data-install-confirm]').click();

	// The progress, followed until installed.
	await expect(page.locator('[data-install-status=installing]')).toBeVisible();
	await expect(page.locator('[data-install-status=installed]')).toContainText(pack.name, {
		timeout: 60_000,
	});
	await expect(page.locator('[data-software-current]')).toContainText(pack.name);

	// Its mods in the server's files.
	await tabs(page).getByRole('link', { name: en['gameServer.tab.files'] }).click();
	await islandsHydrated(page);
	await page.locator('[data-file="mods"] button').first().click();
	await expect(page.locator('[data-file$=".jar"]').first()).toBeVisible();

	// Its name and version on the server page, with update and remove.
	await page.goto(`/panel/game-servers/servers/${id}`);
	await islandsHydrated(page);
	const block = page.locator('[data-minecraft-software]');
	const running = block.locator('[data-minecraft-running]');
	await expect(running).toContainText(pack.name);
	await expect(running).toContainText(`Minecraft ${version.gameVersion}`);
	await expect(block.locator('[data-modpack-update]')).toBeEnabled();
	await block.locator('[data-modpack-remove]').click();
	await expect(page.locator('[data-remove-dialog]')).toContainText(
		en['modpacks.server.removeWhat'],
	);
	await noAxeViolations(page);
	await expect(page.locator('[data-activity] [data-event=modpack_installed]')).toHaveCount(1);

	// In German, on a phone.
	await page.setViewportSize({ width: 360, height: 800 });
	await page.goto(`/de/panel/game-servers/servers/${id}/modpacks`);
	await islandsHydrated(page);
	await expect(page.getByLabel(de['modpacks.search.label'])).toBeVisible();
	await fits360(page);
	await noAxeViolations(page);
});

test('without the extra the tab offers it, the install is refused, and the software changes from Vanilla to Paper', async ({
	page,
}) => {
	test.setTimeout(150_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const id = await buyServer(page, '', { planId: 'minecraft-budget', ram: 4 });
	const { pack, version } = await installablePack(page, 4);

	await page.goto(`/panel/game-servers/servers/${id}/modpacks`);
	await islandsHydrated(page);
	const offer = page.locator('[data-modpack-offer]');
	// The catalogue's 2 EUR a month, in the server's currency.
	await expect(offer.locator('[data-modpack-offer-price]')).toHaveText(
		en['modpacks.extra.price'].replace('{price}', '€2.00'),
	);
	await expect(page.locator('[data-modpack-search]')).toHaveCount(0);
	await noAxeViolations(page);

	// The API refuses the install with how to add the extra.
	const refused = await page.request.post(`/api/services/${id}/modpack`, {
		data: { projectId: pack.id, versionId: version.id, locale: 'en' },
	});
	expect(refused.status()).toBe(402);
	expect(JSON.stringify(await refused.json())).toContain('modpack_extra_required');

	// Any Minecraft server chooses its software: Vanilla to Paper, asked first, then followed.
	const chooser = page.locator('[data-software]');
	await expect(page.locator('[data-software-current]')).toHaveText(
		en['modpacks.running.planDefault'],
	);
	await expect(chooser.getByLabel(en['modpacks.software.label'])).toHaveValue('vanilla');
	await chooser.getByLabel(en['modpacks.software.label']).selectOption({ label: 'Paper' });
	const paperVersion = await chooser.getByLabel(en['modpacks.software.version']).inputValue();
	await chooser.locator('[data-software-submit]').click();
	const dialog = page.locator('[data-install-dialog]');
	await expect(dialog).toContainText(`Paper ${paperVersion}`);
	await expect(dialog).toContainText(en['modpacks.confirm.worldsKept']);
	await dialog.locator('[data-install-confirm]').click();
	await expect(page.locator('[data-install-status=installed]')).toContainText('Paper', {
		timeout: 60_000,
	});
	await expect(page.locator('[data-software-current]')).toHaveText(`Paper ${paperVersion}`);
	await page.goto(`/panel/game-servers/servers/${id}`);
	await islandsHydrated(page);
	await expect(page.locator('[data-minecraft-running]')).toHaveText(`Paper ${paperVersion}`);
	await expect(page.locator('[data-activity] [data-event=software_changed]')).toHaveCount(1);

	// The offer leads to the upgrade with the extra ticked, paid before anything installs.
	await page.goto(`/panel/game-servers/servers/${id}/modpacks`);
	await islandsHydrated(page);
	await page.locator('[data-modpack-offer-add]').click();
	await expect(page).toHaveURL(`/panel/game-servers/upgrade/${id}?extra=modpackInstallation`);
	await islandsHydrated(page);
	await expect(page.getByLabel(en['servers.extra.modpack'])).toBeChecked();
});

test('a server of another game has no Modpacks tab', async ({ page }) => {
	const customer = await billingCustomer(1, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto(`/panel/game-servers/servers/${customer.services[0]}`);
	await expect(tabs(page).getByRole('link')).toHaveText([
		en['gameServer.tab.overview'],
		en['gameServer.tab.console'],
		en['gameServer.tab.backups'],
		en['gameServer.tab.files'],
	]);
});
