import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { islandsHydrated } from './islands';
import { expect, test } from './test';
import { orderVps } from './vps-order';

// Issue 38 item 7: the subdomain extra on a VPS delivers a name. The configurator says what it is;
// once the VPS runs, the order page shows the name, and the VPS's page shows it to copy and lets
// the customer change it (its A and AAAA records follow).

const zone = 'play.frostnode.example';

test('the VPS configurator says what the subdomain extra delivers', async ({ page }) => {
	await page.goto('/vps-hosting');
	await islandsHydrated(page);
	await expect(page.locator('[data-extra-note=subDomain]')).toHaveText(
		en['vps.configurator.subdomain'],
	);
});

test('a VPS with the subdomain extra shows its name on the order page and its own page', async ({
	page,
	context,
}) => {
	test.setTimeout(120_000);
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const label = `e2e${Date.now().toString(36)}`;
	const orderId = await orderVps(
		page,
		{ image: 'debian-12', hostname: 'named-e2e' },
		{ subdomain: label },
	);
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	await expect(page.locator('[data-vps-connection]')).toContainText(`${label}.${zone}`);
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string; vps: { name: string | null } };
	};
	expect(status.service.vps.name).toBe(`${label}.${zone}`);

	await page.goto(`/panel/vps/${status.service.id}`);
	await islandsHydrated(page, 'onLoad');
	const section = page.locator('[data-section=subdomain]');
	await expect(section.getByRole('heading')).toHaveText(en['vps.subdomain.title']);
	await expect(section.locator('[data-copy-name]')).toHaveValue(`${label}.${zone}`);
	await section.getByRole('button', { name: /Copy/ }).click();
	await expect(section.locator('[data-copied]')).toHaveText(en['vps.subdomain.copied']);
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${label}.${zone}`);

	const moved = `${label}x`;
	await section.getByRole('textbox', { name: en['vps.subdomain.field'] }).fill(moved);
	await section.getByRole('button', { name: en['vps.subdomain.save'] }).click();
	await expect(section.getByRole('status').last()).toHaveText(
		en['vps.subdomain.saved'].replace('{name}', `${moved}.${zone}`),
	);
	await expect(section.locator('[data-copy-name]')).toHaveValue(`${moved}.${zone}`);
	// A label another service holds is refused in the customer's words, and nothing changes.
	await section.getByRole('textbox', { name: en['vps.subdomain.field'] }).fill('www');
	await section.getByRole('button', { name: en['vps.subdomain.save'] }).click();
	await expect(section.getByRole('alert')).toHaveText(en['checkout.error.subdomain_reserved']);
	await page.reload();
	await expect(page.locator('[data-section=subdomain] [data-copy-name]')).toHaveValue(
		`${moved}.${zone}`,
	);
});
