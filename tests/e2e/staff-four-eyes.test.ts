import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { locales } from '../../src/i18n/locales';
import { fill } from '../../src/lib/fill';
import { formatMoney } from '../../src/lib/format-money';
import { admin } from './fixtures';
import { islandsHydrated } from './islands';
import { newCustomer } from './money-back-fixture';
import { staffSignIn } from './staff';

// Issue 38, item 10: four eyes on staff money. One member of staff asks for a large credit on a
// customer's server (150.00 EUR, above the 100.00 EUR limit): it waits, and they cannot approve
// it themselves; an absurd amount is refused outright. A second member of staff, in German, sees
// it on the overview and the money page and approves it; the credit is then the server's.

test('a large credit waits for a second member of staff, who approves it', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const customer = await newCustomer(2);
	const euro = (minor: number, intl: string = locales.en.intl) => formatMoney(minor, 'EUR', intl);

	await staffSignIn(page, '', `staff-ask-${randomUUID().slice(0, 6)}`);
	await page.goto(`/staff/services/${customer.serviceId}`);
	await islandsHydrated(page);
	const credit = page.locator('[data-service-credit]');
	await expect(credit.locator('[data-credit-limits]')).toHaveText(
		fill(en['staff.money.credit.limits'], { limit: euro(10_000), max: euro(1_000_000) }),
	);
	await credit.getByLabel(/Credit to add/).fill('999999999.99');
	await credit.getByLabel('Reason').fill('Three weeks down');
	await credit.getByRole('button', { name: 'Add credit' }).click();
	await expect(credit.getByRole('alert')).toHaveText(
		fill(en['staff.money.error.creditMax'], { max: euro(1_000_000) }),
	);
	await credit.getByLabel(/Credit to add/).fill('150.00');
	await credit.getByRole('button', { name: 'Add credit' }).click();
	await expect(credit.getByRole('status')).toHaveText(
		fill(en['staff.money.approval.waiting'], { amount: euro(15_000) }),
	);
	await expect(credit).toContainText(fill(en['staff.money.credit.balance'], { amount: euro(0) }));

	// Read again: the request waits on the server's page, and the one who asked cannot decide it.
	await page.reload();
	const waiting = page.locator('[data-approval]');
	await expect(waiting).toHaveCount(1);
	await expect(waiting).toContainText(euro(15_000));
	await expect(waiting).toContainText('Three weeks down');
	await expect(waiting.locator('[data-approval-own]')).toHaveText(en['staff.money.approval.own']);
	const id = (await waiting.getAttribute('data-approval'))!;
	const own = await page.request.post(`/api/staff/approvals/${id}`, {
		data: { requestId: randomUUID(), decision: 'approve' },
	});
	expect(own.status()).toBe(403);
	expect((await own.json()).error.code).toBe('own_request');

	// A second member of staff, in German, sees it waiting and approves it.
	const other = await browser.newContext();
	const checker = await other.newPage();
	await staffSignIn(checker, '/de', `staff-check-${randomUUID().slice(0, 6)}`);
	await expect(checker.locator('[data-overview=pendingApprovals]')).toContainText(
		de['staff.overview.pendingApprovals'],
	);
	await expect(checker.locator('[data-overview=pendingApprovals] p').first()).not.toHaveText('0');
	await checker.goto('/de/staff/money');
	await islandsHydrated(checker);
	const row = checker.locator(`[data-approval="${id}"]`);
	await expect(row).toContainText(euro(15_000, locales.de.intl));
	await expect(row).toContainText(customer.email);
	const { violations } = await new AxeBuilder({ page: checker })
		.include('[data-waiting-approvals]')
		.analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
	await row.getByRole('button', { name: de['staff.money.approval.approve'] }).click();
	await expect(row.getByRole('status')).toHaveText(de['staff.money.approval.approved']);
	await checker.reload();
	await expect(checker.locator(`[data-approval="${id}"]`)).toHaveCount(0);
	await other.close();

	// The credit is the server's now, and the audit log has both: the request and the credit.
	await page.reload();
	await expect(page.locator('[data-approval]')).toHaveCount(0);
	await expect(page.locator('[data-service-credit]')).toContainText(
		fill(en['staff.money.credit.balance'], { amount: euro(15_000) }),
	);
	const { data: trail } = await admin()
		.from('staff_audit')
		.select('action, staff_email')
		.eq('subject', `service:${customer.serviceId}`)
		.order('id');
	expect(trail?.map((row) => row.action)).toEqual(['approval_requested', 'credit_added']);
	expect(new Set(trail?.map((row) => row.staff_email)).size).toBe(2);
});
