import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import da from '../../src/i18n/ui/da.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { fill } from '../../src/lib/fill';
import { formatMoney } from '../../src/lib/format-money';
import { mailbox, signIn } from './backend';
import { admin } from './fixtures';
import { islandsHydrated } from './islands';
import { newCustomer } from './money-back-fixture';
import { staffSignIn } from './staff';

// Issue 32, the money section: staff refund part of a customer's paid invoice (10.00 EUR on the
// test gateway) from its staff page; the credit note is on that page, in the customer's panel
// billing, and in a mail to the customer in their profile's language. Once in English, once in
// Danish (staff and customer).

const runs = [
	{ name: 'English', prefix: '', locale: 'en', t: en as Record<string, string> },
	{ name: 'Danish', prefix: '/da', locale: 'da', t: da as Record<string, string> },
] as const;

for (const { name, prefix, locale, t } of runs) {
	test(`staff refund part of a paid invoice with a credit note (${name})`, async ({
		page,
		browser,
	}) => {
		const customer = await newCustomer(2);
		const db = admin();
		await db.from('profiles').update({ preferred_locale: locale }).eq('id', customer.userId);
		const invoice = (
			await db.from('invoices').select('id, number').eq('service_id', customer.serviceId).single()
		).data!;
		const money = (minor: number) => formatMoney(minor, 'EUR', locales[locale].intl);

		await staffSignIn(page, prefix, `staff-money-${randomUUID().slice(0, 6)}`);
		await page.goto(`${prefix}/staff/invoices/${invoice.id}`);
		await islandsHydrated(page);
		await expect(page.locator('[data-refundable]')).toContainText(money(1000));
		const form = page.locator('[data-refund-form]');
		await expect(form.locator('input[name=amount]')).toHaveValue('10.00');
		await form.locator('input[name=amount]').fill(locale === 'da' ? '2,50' : '2.50');
		await form.locator('textarea[name=reason]').fill('Server down for a day');
		await form.locator('button[type=submit]').click();
		const done = form.getByRole('status');
		await expect(done).toContainText(/CN-\d{4}-\d{6}/);
		const number = (await done.textContent())!.match(/CN-\d{4}-\d{6}/)![0];
		await expect(done).toHaveText(
			fill(t['staff.money.refund.done']!, { total: money(250), number }),
		);

		// Read again: the credit note is on the invoice, and 7.50 is what is left to refund.
		await page.reload();
		await expect(page.locator(`[data-credit-note="${number}"]`)).toContainText(money(250));
		await expect(page.locator('[data-refundable]')).toContainText(money(750));

		// The customer sees it in their billing, and was mailed in their language.
		const context = await browser.newContext();
		const own = await context.newPage();
		await signIn(own, customer, `${prefix}/login`);
		await expect(own).toHaveURL(new RegExp(`${prefix}/panel$`));
		await own.goto(`${prefix}/panel/billing`);
		await expect(own.locator(`[data-credit-note="${number}"]`)).toContainText(money(250));
		await expect(own.locator(`[data-credit-note="${number}"]`)).toContainText(
			fill(t['staff.money.panel.credits']!, { invoice: invoice.number }),
		);
		await context.close();
		await expect
			.poll(async () => {
				const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
					messages: { to: string[]; subject: string }[];
				};
				return messages.find((m) => m.to.includes(customer.email))?.subject;
			})
			.toBe(fill(t['staff.money.mail.subject']!, { number, invoice: invoice.number }));
	});
}

test('staff accept a payment flagged for review from the money page', async ({ page }) => {
	const customer = await newCustomer(2);
	const db = admin();
	const now = new Date().toISOString();
	const { data: invoice, error } = await db
		.from('invoices')
		.insert({
			...{ user_id: customer.userId, service_id: customer.serviceId, kind: 'renewal' },
			...{ status: 'unpaid', currency: 'EUR', subtotal: 800, tax_rate: 25, tax: 200 },
			...{ total: 1000, issued_at: now, due_at: now, period_start: now, period_end: now },
			number: `E2E-RV-${randomUUID().slice(0, 8).toUpperCase()}`,
		})
		.select('id, number')
		.single();
	if (!invoice) throw new Error(error?.message);
	// 9.00 paid for a 10.00 invoice: flagged, nothing fulfilled.
	const settled = await db.rpc('settle_invoice', {
		...{ event_id: `evt-${invoice.id}`, gateway: 'test', invoice: invoice.id },
		...{ amount: 900, currency: 'EUR', reference: `tgpay_${randomUUID()}` },
	});
	expect(settled.data).toMatchObject({ outcome: 'mismatch' });

	await staffSignIn(page, '', `staff-review-${randomUUID().slice(0, 6)}`);
	await page.goto('/staff/money');
	await islandsHydrated(page);
	const row = page.locator(`[data-flagged-invoice="${invoice.id}"]`);
	await expect(row).toContainText(invoice.number);
	await expect(row).toContainText(customer.email);
	await expect(row).toContainText(formatMoney(900, 'EUR', locales.en.intl));
	await row.getByRole('button', { name: en['staff.money.flagged.accept'] }).click();
	await expect(row.getByRole('status')).toHaveText(en['staff.money.flagged.accepted']);
	await page.reload();
	await expect(page.locator(`[data-flagged-invoice="${invoice.id}"]`)).toHaveCount(0);
	const after = await db
		.from('invoices')
		.select('status, review_reason')
		.eq('id', invoice.id)
		.single();
	expect(after.data).toEqual({ status: 'paid', review_reason: null });
});
