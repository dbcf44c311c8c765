import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { fill } from '../../src/lib/fill';
import { formatDate } from '../../src/lib/format-date';
import { formatMoney } from '../../src/lib/format-money';
import { signIn } from './backend';
import { admin, billingCustomer } from './fixtures';
import { islandsHydrated } from './islands';
import { staffSignIn } from './staff';
import { orderVps } from './vps-order';

// Issue 39 item 5: a VPS is run and paid for from its own page, as a game server is from its own.
// Its owner finds it from the order page, the navigation and the dashboard, named by its hostname;
// its page shows the subscription, price, next due date and invoices, and upgrades, cancels and
// gives it back under the 14-day money-back guarantee. Each kind of server has one page: the
// other kind's address of an id leads there.

const t = en as Record<string, string>;
const tde = de as Record<string, string>;
const day = 86_400_000;

/** Orders a VPS, follows its order page until it runs; answers its service id. */
async function runningVps(page: Page, hostname: string): Promise<string> {
	const orderId = await orderVps(page, { image: 'debian-12', hostname });
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	return status.service.id;
}

async function serviceRow(id: string) {
	const { data, error } = await admin()
		.from('services')
		.select('recurring_amount, current_period_end, invoices(id, number, kind, paid_at, total)')
		.eq('id', id)
		.single();
	if (error || !data) throw new Error(error?.message ?? 'no service');
	return data;
}

/** The panel's navigation, named in the page's language. */
const nav = (page: Page, words = t) =>
	page.getByRole('navigation', { name: words['panel.nav.label'] });

test('a VPS owner upgrades, cancels and claims the money-back guarantee from the VPS page', async ({
	page,
}) => {
	// A purchase, an upgrade paid on the test gateway, a cancellation and a refund.
	test.setTimeout(180_000);
	const id = await runningVps(page, 'account-e2e');
	const money = (minor: number) => formatMoney(minor, 'EUR', locales.en.intl);
	const date = (iso: string) => formatDate(iso, locales.en.intl);

	// The order page leads to the VPS's own page once it runs.
	await page.getByRole('link', { name: t['order.vps.manage'] }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}$`));
	await expect(nav(page).locator('a[aria-current]')).toHaveText(t['panel.nav.vps']!);

	// What it costs and when it is due, its invoice, and the guarantee's 14 days.
	const row = await serviceRow(id);
	const first = row.invoices.find((invoice) => invoice.kind === 'new')!;
	const subscription = page.locator('[data-subscription]');
	await expect(subscription.locator('[data-fact=recurring]')).toHaveText(
		money(row.recurring_amount),
	);
	await expect(subscription.locator('[data-fact=nextDue]')).toHaveText(
		date(row.current_period_end),
	);
	await expect(page.locator('#server-invoices').locator('..')).toContainText(first.number);
	await expect(page.locator('[data-money-back-offer]')).toContainText(
		date(new Date(new Date(first.paid_at ?? '').getTime() + 14 * day).toISOString()),
	);

	// Its billing parts pass axe, as the game server page's do.
	const { violations } = await new AxeBuilder({ page })
		.include('[data-vps-account]')
		.include('[data-vps-history]')
		.analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);

	// Upgrade: a bigger size, paid on the test gateway, delivered to the machine.
	await page.getByRole('link', { name: t['servers.upgrade'], exact: true }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}/upgrade$`));
	await expect(nav(page).locator('a[aria-current]')).toHaveText(t['panel.nav.vps']!);
	await page.getByLabel(t['servers.ram']!, { exact: true }).selectOption('4');
	await expect(page.locator('[data-quote-total]')).toContainText('€');
	await page.getByRole('button', { name: t['servers.confirmUpgrade'] }).click();
	await expect(page).toHaveURL(/\/panel\/billing\/upgrade\/payment\//);
	await page.getByRole('button', { name: new RegExp(`^${t['invoice.payNow']}`) }).click();
	await page.locator('button[value=pay]').click();
	await expect(page.locator('[data-upgrade-status]')).toHaveText(t['upgradePay.status.applied']!);
	await page.getByRole('link', { name: t['vps.page.back'] }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}$`));
	await expect(page.locator('[data-vps-facts] [data-fact=memory]')).toHaveText('4 GB');
	await expect(page.locator('[data-activity] [data-event=upgraded]')).toHaveCount(1);

	// Cancel at the period's end: the reason, then the page says when it is deleted.
	await page.getByRole('link', { name: t['vps.page.cancel'] }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}/cancel$`));
	const form = page.locator('[data-cancel-form]');
	await form.getByLabel(t['cancelFlow.form.reason']!).fill('Moving to a bigger machine elsewhere.');
	await form.getByRole('button', { name: t['cancelFlow.form.confirm'] }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/vps/${id}$`));
	await expect(page.locator('[data-pending-cancellation] [data-deletion-date]')).toContainText(
		date((await serviceRow(id)).current_period_end),
	);

	// Money back: the first payment refunded, the VPS deleted now.
	const offer = page.locator('[data-money-back]');
	await offer.getByRole('button', { name: t['moneyBack.start'] }).click();
	const confirm = offer.locator('[data-money-back-confirm]');
	await confirm.getByLabel(t['moneyBack.reason']!).fill('Not what I expected');
	await confirm
		.getByRole('button', { name: fill(t['moneyBack.confirm']!, { amount: money(first.total) }) })
		.click();
	await expect(page.locator('[data-money-back-done]')).toContainText(/CN-\d{4}-\d{6}/);
	// Deleted: it says so, with no next due date and no cancellation left to keep.
	await expect(subscription.locator('[data-fact=status]')).toHaveText(
		t['panel.service.status.terminated']!,
	);
	await expect(subscription.locator('[data-fact=nextDue]')).toHaveText('—');
	await expect(page.locator('[data-pending-cancellation]')).toHaveCount(0);
	await page.reload();
	await expect(page.locator('[data-subscription]')).toBeVisible();
	await expect(page.locator('[data-money-back]')).toHaveCount(0);
});

test('a VPS is named by its hostname and found under VPS; game server addresses lead to it (de)', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'name-e2e');
	const name = `${tde['invoice.type.vps']} · name-e2e`;

	// The game server page's addresses of a VPS lead to its own pages, for good.
	for (const [from, to] of [
		[`/de/panel/game-servers/servers/${id}`, `/de/panel/vps/${id}`],
		[`/de/panel/game-servers/servers/${id}/cancel`, `/de/panel/vps/${id}/cancel`],
		[`/de/panel/game-servers/upgrade/${id}`, `/de/panel/vps/${id}/upgrade`],
		[`/panel/game-servers/servers/${id}?paused=1`, `/panel/vps/${id}?paused=1`],
	]) {
		const answer = await page.request.get(from!, { maxRedirects: 0 });
		expect(answer.status(), from).toBe(301);
		expect(answer.headers().location).toBe(to);
	}
	await page.goto(`/de/panel/game-servers/servers/${id}`);
	await expect(page).toHaveURL(new RegExp(`/de/panel/vps/${id}$`));
	await expect(page.locator('#server-subscription')).toHaveText(tde['servers.subscription']!);
	await expect(page.getByRole('link', { name: tde['vps.page.cancel'] })).toBeVisible();

	// The navigation names both kinds; VPS lists the VPS, Game servers does not.
	await nav(page, tde).getByRole('link', { name: tde['panel.nav.vps'], exact: true }).click();
	await expect(page).toHaveURL(/\/de\/panel\/vps$/);
	await expect(page.locator(`[data-server-row="${id}"]`)).toContainText(name);
	await expect(page.getByRole('link', { name: tde['vps.list.order'] })).toHaveAttribute(
		'href',
		'/de/vps-hosting',
	);
	await nav(page, tde).getByRole('link', { name: tde['panel.nav.servers'], exact: true }).click();
	await expect(page.locator('[data-server-list]')).toBeVisible();
	await expect(page.locator(`[data-server-row="${id}"]`)).toHaveCount(0);

	// The dashboard names it and orders either kind; the ticket form names it too.
	await page.goto('/de/panel');
	await expect(page.locator(`[data-server="${id}"]`)).toContainText(name);
	const quick = page.getByRole('navigation', { name: tde['panel.dashboard.quickAccess'] });
	await expect(
		quick.getByRole('link', { name: tde['panel.dashboard.quick.order'] }),
	).toHaveAttribute('href', '/de/games');
	await expect(
		quick.getByRole('link', { name: tde['panel.dashboard.quick.orderVps'] }),
	).toHaveAttribute('href', '/de/vps-hosting');
	await page.goto('/de/panel/support?compose=1');
	await expect(
		page.getByLabel(tde['support.field.service']!).locator(`option[value="${id}"]`),
	).toHaveText(name);
	await page.goto('/de/panel/billing');
	await expect(page.locator('[data-invoice-list]')).toContainText(name);
	// Its invoice's page names it once: "VPS · name-e2e", not "VPS · VPS · name-e2e".
	const { invoices } = await serviceRow(id);
	await page.goto(`/de/panel/billing/invoices/${invoices[0]!.id}`);
	await expect(page.locator('[data-fact=service]')).toHaveText(name);
});

test('a game server’s id on the VPS pages leads to its own page, and its host name is not called an IP address', async ({
	page,
}) => {
	const customer = await billingCustomer(0, 0);
	const id = customer.services[0]!;
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	for (const [from, to] of [
		[`/panel/vps/${id}`, `/panel/game-servers/servers/${id}`],
		[`/panel/vps/${id}/cancel`, `/panel/game-servers/servers/${id}/cancel`],
		[`/no/panel/vps/${id}/upgrade`, `/no/panel/game-servers/upgrade/${id}`],
	]) {
		const answer = await page.request.get(from!, { maxRedirects: 0 });
		expect(answer.status(), from).toBe(301);
		expect(answer.headers().location).toBe(to);
	}
	// Somebody else's id (or none) is not found on either kind's page, and is not redirected.
	const nobody = crypto.randomUUID();
	for (const path of [`/panel/vps/${nobody}`, `/panel/game-servers/servers/${nobody}`]) {
		const answer = await page.request.get(path, { maxRedirects: 0 });
		expect(answer.status(), path).not.toBe(301);
	}

	// With a subdomain, the panel's address is shown beside it: a host name is called one.
	const label = `host${Date.now().toString(36)}`;
	const { error } = await admin()
		.from('services')
		.update({
			subdomain_extra: true,
			subdomain: label,
			subdomain_dns: 'published',
			panel_address: 'play.local.frostnode.example:25570',
		})
		.eq('id', id);
	expect(error).toBeNull();
	await page.goto(`/panel/game-servers/servers/${id}`);
	const details = page.locator('#server-details + dl');
	await expect(details).toContainText(`${t['servers.hostName']}play.local.frostnode.example:25570`);
	await expect(details).not.toContainText(t['servers.ipAddress']!);
	await admin().from('services').update({ panel_address: '198.51.100.7:25570' }).eq('id', id);
	await page.reload();
	await expect(details).toContainText(`${t['servers.ipAddress']}198.51.100.7:25570`);
});

test('the staff console names a VPS by its hostname, with its addresses', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'console-name-e2e');
	const { data } = await admin()
		.from('vps_addresses')
		.select('family, address')
		.eq('service_id', id);
	const ipv4 = String(data!.find((a) => a.family === 4)!.address).replace(/\/32$/, '');
	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff);
	await staff.goto('/staff/services?q=console-name-e2e');
	const row = staff.locator(`[data-service="${id}"]`);
	await expect(row.getByRole('link')).toHaveText('console-name-e2e');
	await expect(row).toContainText(ipv4);
	await row.getByRole('link').click();
	await expect(staff.locator('h1')).toHaveText('console-name-e2e');
	await expect(staff.locator('[data-fact=address]')).toContainText(ipv4);

	// Credit staff add to the VPS is on its owner's VPS page, as on a game server's.
	await islandsHydrated(staff);
	const credit = staff.locator('[data-service-credit]');
	await credit.getByLabel(/Credit to add/).fill('5.00');
	await credit.getByLabel('Reason').fill('Sorry for the outage');
	await credit.getByRole('button', { name: 'Add credit' }).click();
	await expect(credit.getByRole('status')).toContainText('5.00');
	await staffContext.close();
	await page.goto(`/panel/vps/${id}`);
	await expect(page.locator('[data-subscription] [data-fact=credit]')).toHaveText(
		formatMoney(500, 'EUR', locales.en.intl),
	);
});

test('@phone a VPS’s subscription, upgrade and cancel pages fit a 360 px screen', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const id = await runningVps(page, 'phone-account-e2e');
	for (const path of [
		`/panel/vps/${id}`,
		`/panel/vps/${id}/upgrade`,
		`/panel/vps/${id}/cancel`,
		'/panel/vps',
	]) {
		await page.goto(path);
		await expect(page.locator('[data-skeleton]')).toHaveCount(0);
		const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
		expect(width, path).toBeLessThanOrEqual(360);
	}
	await page.goto(`/panel/vps/${id}`);
	await expect(page.locator('[data-subscription]')).toBeVisible();
	await expect(page.locator('[data-money-back]')).toBeVisible();
});
