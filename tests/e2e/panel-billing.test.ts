import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { demo, signIn } from './backend';
import { billingCustomer, type BillingCustomer } from './fixtures';

// The panel's money pages as a customer uses them: the dashboard, the invoice list (search, pages,
// the URL), an invoice with its PDF, paying one and two invoices with the test gateway.

const demosOverdueInvoice = '11111111-0000-4000-8000-000000000005';

async function signedIn(page: Page, customer: BillingCustomer, path = '/login') {
	await signIn(page, customer, path);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

const rows = (page: Page) => page.locator('[data-invoice-list] tbody tr');

test('the dashboard, the invoice list and an invoice, in English', async ({ page }) => {
	const customer = await billingCustomer(22, 2);
	await signedIn(page, customer);
	await expect(page.locator('[data-welcome]')).toHaveText('Welcome back, Sigrid');
	await expect(page.locator('[data-figure=activeServers] dd')).toHaveText('3');
	await expect(page.locator('[data-figure=unpaidInvoices] dd')).toHaveText('2');
	await expect(page.locator('[data-figure=totalSpent] dd')).toHaveText('€220.00');
	await expect(page.locator('[data-open-invoice]')).toHaveCount(2);

	await page.getByRole('link', { name: 'Invoices', exact: true }).first().click();
	await expect(page.locator('[data-showing]')).toHaveText('1–10 of 24');
	await expect(rows(page)).toHaveCount(10);

	await page.getByLabel('Per page').selectOption('5');
	await expect(page.locator('[data-showing]')).toHaveText('1–5 of 24');
	await page.getByRole('button', { name: 'Next' }).click();
	await expect(page.locator('[data-showing]')).toHaveText('6–10 of 24');
	await expect(page).toHaveURL(/per=5/);
	await expect(page).toHaveURL(/page=2/);
	await page.reload();
	await expect(page.locator('[data-showing]')).toHaveText('6–10 of 24');
	await expect(page.locator('[data-page-of]')).toHaveText('Page 2 of 5');
	await page.goBack();
	await expect(page.locator('[data-showing]')).toHaveText('1–5 of 24');

	await page.getByLabel('Per page').selectOption('20');
	await expect(rows(page)).toHaveCount(20);
	await page.getByLabel('Per page').selectOption('all');
	await expect(rows(page)).toHaveCount(24);

	// Sorting by amount, then searching by number: one row, and the search is in the URL.
	await page.getByRole('button', { name: 'Status' }).click();
	await expect(page).toHaveURL(/sort=status/);
	const wanted = customer.paid[3]!.number;
	await page.getByLabel('Search invoices').fill(wanted);
	await expect(rows(page)).toHaveCount(1);
	await expect(rows(page).first()).toContainText(wanted);
	await page.getByLabel('Search invoices').fill('no such invoice');
	await expect(page.locator('[data-no-invoices]')).toHaveText('No invoices match your search.');
	await page.getByLabel('Search invoices').fill('10.00');
	await expect(page.locator('[data-showing]')).toHaveText('1–24 of 24');
	await page.getByLabel('Status').selectOption('unpaid');
	await expect(rows(page)).toHaveCount(2);

	await page.getByRole('link', { name: customer.unpaid[0]!.number }).click();
	const detail = page.locator(`[data-invoice-detail="${customer.unpaid[0]!.number}"]`);
	await expect(detail).toBeVisible();
	await expect(detail.locator('[data-sum=tax]')).toContainText('€2.00');
	await expect(detail.locator('[data-sum=total]')).toContainText('€10.00');
	await expect(detail).toContainText('No payments yet.');
	// The period is one fact, named as on the PDF: never a From / To that reads as sender and recipient.
	const labels = await detail.locator('dt').allTextContents();
	expect(labels).toContain('Service period');
	expect(labels).not.toContain('From');
	expect(labels).not.toContain('To');
	const download = page.waitForEvent('download');
	await page.getByRole('link', { name: 'Download PDF' }).click();
	expect((await download).suggestedFilename()).toBe(`${customer.unpaid[0]!.number}.pdf`);

	// Someone else's invoice looks exactly like one that does not exist.
	await page.goto(`/panel/billing/invoices/${demosOverdueInvoice}`);
	await expect(page.getByRole('alert')).toHaveText('Invoice not found');
	await page.goto('/panel/billing/invoices/00000000-0000-4000-8000-000000000000');
	await expect(page.getByRole('alert')).toHaveText('Invoice not found');
});

test('paying one invoice, then two at once, with the test gateway, in German', async ({ page }) => {
	const customer = await billingCustomer(1, 3);
	await signedIn(page, customer, '/de/login');
	const [first, second, third] = customer.unpaid as [
		BillingCustomer['unpaid'][0],
		BillingCustomer['unpaid'][0],
		BillingCustomer['unpaid'][0],
	];

	await page.goto(`/de/panel/billing/invoices/${first.id}`);
	await page.getByRole('button', { name: de['invoice.payNow'] }).click();
	await expect(page).toHaveURL(/\/de\/checkout\/test-gateway\//);
	await page.getByRole('button', { name: /10,00/ }).click();
	await expect(page).toHaveURL(new RegExp(`/de/panel/billing/invoices/${first.id}`));
	await expect(page.locator('[data-invoice-detail] dd [data-status=paid]')).toBeVisible();
	await expect(page.locator('[data-transaction=payment]')).toHaveCount(1);

	await page.goto('/de/panel/billing?status=unpaid');
	await expect(rows(page)).toHaveCount(2);
	await page.getByLabel(de['billing.selectInvoice'].replace('{number}', second.number)).check();
	await page.getByLabel(de['billing.selectInvoice'].replace('{number}', third.number)).check();
	await expect(page.locator('[data-selected-total]')).toContainText('20,00');
	await page.getByRole('button', { name: de['billing.paySelected'] }).click();
	await expect(page).toHaveURL(/\/de\/checkout\/test-gateway\//);
	await page.getByRole('button', { name: /20,00/ }).click();
	await expect(page).toHaveURL(/\/de\/panel\/billing$/);
	await page.goto('/de/panel/billing?status=unpaid');
	await expect(page.locator('[data-no-invoices]')).toHaveText(de['billing.noMatch']);
	await page.goto('/de/panel');
	await expect(page.locator('[data-figure=unpaidInvoices] dd')).toHaveText('0');
	await expect(page.locator('[data-figure=totalSpent] dd')).toContainText('40,00');
});

test('adding a card at the gateway, making it the default, and removing one', async ({ page }) => {
	const customer = await billingCustomer(0, 1);
	await signedIn(page, customer);
	await page.goto('/panel/billing/payment-methods');
	await expect(page.getByText('No saved cards.', { exact: false })).toBeVisible();

	await page.getByRole('button', { name: 'Add a card' }).click();
	await expect(page).toHaveURL(/\/checkout\/test-gateway\/card/);
	await page.locator('button[name=card][value=visa]').click();
	await expect(page).toHaveURL(/\/panel\/billing\/payment-methods\?added=1/);
	await expect(page.locator('[data-card-notice=success]')).toHaveText('Your card is saved.');
	await expect(page.locator('[data-card]')).toHaveCount(1);

	// The only card while a server renews: refused, with the reason.
	await page.getByRole('button', { name: /^Remove/ }).click();
	await page.getByRole('button', { name: 'Yes, remove' }).click();
	await expect(page.locator('[data-card-notice=error]')).toContainText('only saved card');
	await expect(page.locator('[data-card]')).toHaveCount(1);

	await page.getByRole('button', { name: 'Add a card' }).click();
	await page.locator('button[name=card][value=declining]').click();
	await expect(page.locator('[data-card]')).toHaveCount(2);
	await page.getByRole('button', { name: /^Make default/ }).click();
	await expect(page.locator('[data-card-notice=success]')).toHaveText(
		'Your default card was changed.',
	);
	await expect(page.locator('[data-card]').first()).toContainText('0341');
	await page.getByRole('button', { name: /^Remove.*4242/ }).click();
	await page.getByRole('button', { name: 'Yes, remove' }).click();
	await expect(page.locator('[data-card-notice=success]')).toHaveText('The card was removed.');
	await expect(page.locator('[data-card]')).toHaveCount(1);
	await expect(page.locator('[data-card]')).toContainText('0341');
});

test('a new build makes the next navigation a full load; a missing chunk reloads once', async ({
	page,
}) => {
	await signedIn(page, await billingCustomer(6, 0));
	await page.goto('/panel/billing?per=5');
	await expect(page.locator('[data-showing]')).toHaveText('1–5 of 6');
	let loads = 0;
	page.on('load', () => loads++);
	await page.route('**/builds/latest.json*', (route) =>
		route.fulfill({ json: { id: 'a-newer-build', builtAt: new Date().toISOString() } }),
	);
	await page.evaluate(() => {
		(window as unknown as { beforeBuild: boolean }).beforeBuild = true;
		document.dispatchEvent(new Event('visibilitychange'));
	});
	// The check is a fetch: the page knows it is stale only once the answer is in.
	await expect(page.locator('html[data-build=stale]')).toBeAttached();
	expect(loads).toBe(0);
	await page.getByRole('button', { name: 'Next' }).click();
	await expect(page).toHaveURL(/page=2/);
	await expect.poll(() => loads).toBe(1);
	expect(await page.evaluate(() => 'beforeBuild' in window)).toBe(false);
	await expect(page.locator('[data-showing]')).toHaveText('6–6 of 6');

	// The dashboard's code is gone from the server: one reload, then the guard holds.
	await page.unroute('**/builds/latest.json*');
	// Astro retries a failed import once with a query on the URL: that one fails too.
	await page.route(/\/_astro\/Dashboard\.[^/]+\.js/, (route) => route.fulfill({ status: 404 }));
	loads = 0;
	await page.goto('/panel');
	await expect(page.locator('html[data-chunk-reload=guarded]')).toBeAttached();
	expect(loads).toBe(2);
});

test('an upgrade is paid from its own page and then shows it is live', async ({ page }) => {
	const customer = await billingCustomer(1, 0);
	await signedIn(page, customer);
	const ordered = await page.request.post(`/api/services/${customer.services[0]}/upgrade`, {
		data: { ram: 10, storageGb: 25, extras: [], method: 'card', locale: 'en' },
	});
	expect(ordered.status()).toBe(201);
	const { upgradeId } = (await ordered.json()) as { upgradeId: string };

	await page.goto(`/panel/billing/upgrade/payment/${upgradeId}`);
	await expect(page.locator('[data-change=ram]')).toContainText('8 GB');
	await expect(page.locator('[data-change=ram]')).toContainText('10 GB');
	await expect(page.locator('[data-days]')).toHaveText(/^\d+ of \d+ days left in this period$/);
	await expect(page.locator('[data-new-price]')).toContainText('€10.00 (Monthly');
	await expect(page.locator('[data-upgrade-status]')).toHaveText('Waiting for payment');
	await expectNoAxeViolations(page);
	await page.getByRole('button', { name: /^Pay now/ }).click();
	await page.getByRole('button', { name: /^Pay / }).click();
	await expect(page).toHaveURL(new RegExp(`/panel/billing/upgrade/payment/${upgradeId}`));
	await expect(page.locator('[data-upgrade-status]')).toHaveText('Done: the upgrade is live.');
});

for (const prefix of ['', '/de']) {
	for (const path of [
		'/panel',
		'/panel/billing',
		`/panel/billing/invoices/${demosOverdueInvoice}`,
		'/panel/billing/payment-methods',
		'/panel/account/profile',
	]) {
		test(`axe finds nothing on ${prefix}${path}`, async ({ page }) => {
			await signIn(page, demo, `${prefix}/login`);
			await expect(page.locator('[data-dashboard]')).toBeVisible();
			await page.goto(prefix + path);
			await expect(page.locator('[data-skeleton]')).toHaveCount(0);
			await expectNoAxeViolations(page);
		});
	}
}
