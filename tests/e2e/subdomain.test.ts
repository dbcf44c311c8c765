import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { signIn } from './backend';
import { e2eBackendFile } from './backend-file';
import { billingCustomer } from './fixtures';
import { islandsHydrated } from './islands';
import { checkoutAndPay } from './purchase';

// Issue 27 item 1: the paid subdomain is delivered. A customer buys a Minecraft server with its
// own subdomain through the configurator, cart and checkout, the server page shows
// `label.<zone>:port` beside the raw address, the embedded DNS answers the name (its state file,
// as the site wrote it), and changing the label in the panel moves the records.

const zone = 'play.frostnode.example';

/** What the site's embedded DNS answers for a name and type (scripts/e2e-server.ts keeps it). */
function lookUp(name: string, type: 'CNAME' | 'A' | 'SRV'): string[] {
	const { dnsFile } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as { dnsFile: string };
	const data = JSON.parse(readFileSync(dnsFile, 'utf8')) as {
		zones: Record<string, Record<string, { contents: string[] }>>;
	};
	return data.zones[zone]?.[`${name} ${type}`]?.contents ?? [];
}

test('a Minecraft server bought with its own subdomain is reachable by name', async ({ page }) => {
	test.setTimeout(90_000);
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	const label = `mc-${Math.random().toString(36).slice(2, 10)}`;

	await page.goto('/minecraft-server-hosting');
	await islandsHydrated(page);
	const form = page.locator('[data-configurator]');
	await form.getByRole('checkbox', { name: /subdomain/ }).check();
	await form.getByRole('textbox', { name: 'Your subdomain' }).fill(label);
	await expect(form.getByText(`Available: ${label}.${zone}`)).toBeVisible();
	await form.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/cart$/);
	await expect(page.locator('[data-cart-item]')).toContainText(`Your own subdomain: ${label}`);
	await checkoutAndPay(page, 'pay');

	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 20_000 });
	const shown = page.locator('[data-server-address]');
	await expect(shown).toContainText(new RegExp(`${label}\\.${zone.replaceAll('.', '\\.')}:\\d+`));
	const port = /:(\d+)/.exec((await shown.textContent()) ?? '')![1];

	await page.locator('[data-order-stage=running] a.btn-primary').click();
	const details = page.locator('#server-details').locator('..');
	await expect(details).toContainText(`${label}.${zone}:${port}`);
	await expect(details).toContainText(`play.local.frostnode.example:${port}`);
	// The simulated panel gives a host name: the label is a CNAME to it, and the SRV record
	// Minecraft clients look up carries the port.
	expect(lookUp(`${label}.${zone}`, 'CNAME')).toEqual(['play.local.frostnode.example']);
	expect(lookUp(`_minecraft._tcp.${label}.${zone}`, 'SRV')).toEqual([
		`0 5 ${port} play.local.frostnode.example`,
	]);

	// A new name from the panel: the same rules, in the customer's language; the records move.
	const section = page.locator('[data-subdomain]');
	const field = section.getByRole('textbox', { name: 'Name' });
	await field.fill('-bad');
	await section.getByRole('button', { name: 'Save subdomain' }).click();
	await expect(section.getByRole('alert')).toContainText('3 to 32 lowercase letters');
	const renamed = `${label}-2`;
	await field.fill(renamed);
	await section.getByRole('button', { name: 'Save subdomain' }).click();
	await expect(
		page.getByText(`Saved. Players now join at ${renamed}.${zone}:${port}.`),
	).toBeVisible();
	await expect(details).toContainText(`${renamed}.${zone}:${port}`);
	expect(lookUp(`_minecraft._tcp.${renamed}.${zone}`, 'SRV')).toEqual([
		`0 5 ${port} play.local.frostnode.example`,
	]);
	expect(lookUp(`${label}.${zone}`, 'CNAME')).toEqual([]);
	const { violations } = await new AxeBuilder({ page }).include('[data-subdomain]').analyze();
	expect(violations.map((v) => v.id)).toEqual([]);
});
