import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { fill } from '../../src/lib/fill';
import { formatMoney } from '../../src/lib/format-money';
import { signIn } from './backend';
import { billingCustomer } from './fixtures';

// Cancelling a server as a customer does it, in English and German: the retention offers first
// (no live chat is configured here, so each opens the support form prefilled), the pause offer's
// fees, the reason the spec requires, then "keep server" on the cancel page. Each test has a
// fresh customer (billingCustomer(1, 0): one active EUR Palworld server "World 1", Norway, 25 %
// VAT, nothing unpaid), so the demo data stays as it is.

const languages = [
	{ locale: 'en', prefix: '', t: en as Record<string, string> },
	{ locale: 'de', prefix: '/de', t: de as Record<string, string> },
] as const;

const conversations = [
	{ offer: 'priceMatch', department: 'sales' },
	{ offer: 'technical', department: 'technical' },
	{ offer: 'loyalty', department: 'billing' },
	{ offer: 'custom', department: 'sales' },
] as const;

const server = 'Palworld · World 1';

async function openCancelPage(page: Page, prefix: string, id: string) {
	await page.goto(`${prefix}/panel/game-servers/servers/${id}/cancel`);
	await expect(page.locator('[data-skeleton]')).toHaveCount(0);
	await expect(page.locator('[data-cancel-flow]')).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

for (const { locale, prefix, t } of languages) {
	const money = (minor: number) => formatMoney(minor, 'EUR', locales[locale].intl);

	test(`each retention offer opens the support form prefilled; the pause shows its fees (${locale})`, async ({
		page,
	}) => {
		// Five offers and the pause, each a page visit: more than one page's worth of time.
		test.setTimeout(90_000);
		const customer = await billingCustomer(1, 0);
		const id = customer.services[0]!;
		await signIn(page, customer, `${prefix}/login`);
		await expect(page.locator('[data-dashboard]')).toBeVisible();
		await openCancelPage(page, prefix, id);
		await expect(page.locator('[data-server-name]')).toHaveText(server);
		await expect(page.locator('[data-offer]')).toHaveCount(5);
		await expectNoAxeViolations(page);

		for (const { offer, department } of conversations) {
			const link = page.locator(`[data-offer=${offer}] a[data-conversation=${offer}]`);
			await expect(link).toHaveText(t[`retention.${offer}.action`]!);
			await link.click();
			await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/panel/support\\?`));
			const subject = fill(t[`retention.${offer}.subject`]!, { server });
			const message = fill(t[`retention.${offer}.message`]!, { server });
			expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
				compose: '1',
				subject,
				department,
				service: id,
				message,
			});
			await expect(page.getByLabel(t['support.field.subject']!, { exact: true })).toHaveValue(
				subject,
			);
			await expect(page.getByLabel(t['support.field.department']!)).toHaveValue(department);
			await expect(page.getByLabel(t['support.field.service']!)).toHaveValue(id);
			await expect(page.getByLabel(t['support.field.message']!, { exact: true })).toHaveValue(
				message,
			);
			await page.goBack();
			await expect(page.locator('[data-cancel-flow]')).toBeVisible();
		}

		// The pause opens in place: 1, 2 and 3 months with their totals (fee and 25 % VAT).
		const pause = page.locator('[data-offer=pause]');
		await pause.getByRole('button', { name: t['retention.pause.action'] }).click();
		await expect(pause.locator('[data-pause-months]')).toHaveCount(3);
		for (const [months, total] of [
			[1, 125],
			[2, 250],
			[3, 375],
		] as const)
			await expect(pause.locator(`[data-pause-months="${months}"] [data-pause-total]`)).toHaveText(
				money(total),
			);
		await pause.locator('[data-pause-months="3"] input').check();
		await expect(pause.locator('[data-pause-fee]')).toHaveText(
			fill(t['cancelFlow.pause.fee']!, {
				perMonth: money(100),
				fee: money(300),
				tax: money(75),
				total: money(375),
			}),
		);
		await expect(pause.locator('[data-pause-due]')).not.toBeEmpty();
		await expect(pause.locator('[data-pause-confirm]')).toHaveText(
			fill(t['cancelFlow.pause.confirm']!, { total: money(375) }),
		);
		await expectNoAxeViolations(page);
		await pause.locator('[data-pause-confirm]').click();
		await expect(page).toHaveURL(new RegExp(`${prefix}/checkout/test-gateway/`));
	});

	test(`cancelling needs a reason, then the server is pending until "keep server" (${locale})`, async ({
		page,
	}) => {
		const customer = await billingCustomer(1, 0);
		const id = customer.services[0]!;
		await signIn(page, customer, `${prefix}/login`);
		await expect(page.locator('[data-dashboard]')).toBeVisible();
		await openCancelPage(page, prefix, id);
		const form = page.locator('[data-cancel-form]');
		await expect(form.locator('[data-deletion-date]')).not.toBeEmpty();

		// Without a reason nothing is sent: the spec's message (in German, its fixed words).
		let posted = 0;
		page.on('request', (request) => {
			if (request.method() === 'POST' && request.url().endsWith(`/api/services/${id}/cancel`))
				posted++;
		});
		const confirm = form.getByRole('button', { name: t['cancelFlow.form.confirm'] });
		await confirm.click();
		await expect(form.locator('[data-cancel-error]')).toHaveText(
			t['services.cancel.error.reason_required']!,
		);
		if (locale === 'de')
			await expect(form.locator('[data-cancel-error]')).toHaveText(
				'Kommentare sind erforderlich, um uns zu helfen, unseren Service zu verbessern.',
			);
		await expect(form.getByLabel(t['cancelFlow.form.reason']!)).toHaveAttribute(
			'aria-invalid',
			'true',
		);
		expect(posted).toBe(0);

		await form.getByLabel(t['cancelFlow.form.reason']!).fill('We are moving to another game.');
		await confirm.click();
		// The server's page is another engineer's: the address is what this flow promises.
		await expect(page).toHaveURL(new RegExp(`${prefix}/panel/game-servers/servers/${id}$`));
		expect(posted).toBe(1);

		await openCancelPage(page, prefix, id);
		const pending = page.locator('[data-cancel-pending]');
		await expect(pending).toBeVisible();
		await expect(page.locator('[data-cancel-form]')).toHaveCount(0);
		await expect(pending.locator('[data-deletion-date]')).not.toBeEmpty();
		await expectNoAxeViolations(page);
		await pending.getByRole('button', { name: t['cancelFlow.pending.keep'] }).click();
		await expect(page.locator('[data-kept]')).toHaveText(t['cancelFlow.kept']!);
		await expect(page.locator('[data-cancel-form]')).toBeVisible();
		await page.reload();
		await expect(page.locator('[data-cancel-flow]')).toHaveAttribute('data-pending', 'false');
	});
}

test('another customer’s server is not found on the cancel page', async ({ page }) => {
	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto('/panel/game-servers/servers/c0ffee00-0000-4000-8000-000000000101/cancel');
	await expect(page.getByRole('alert')).toHaveText(en['cancelFlow.error.notFound']);
});
