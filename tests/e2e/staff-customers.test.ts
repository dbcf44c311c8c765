import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from './test';
import { demo, uniqueEmail } from './backend';
import { e2eBackendFile } from './backend-file';
import { admin, billingCustomer } from './fixtures';
import { staffSignIn } from './staff';

// Issue 32's customers and affiliate payouts, as staff use them: find the demo customer by e-mail
// and by invoice number, open their page (services, invoices, tickets, each linking to its staff
// page), in English and in German; and settle an affiliate's payout request with the button, a
// second press from another tab refused as already settled.

const overdueInvoice = '11111111-0000-4000-8000-000000000005';
const openTicket = '22222222-0000-4000-8000-000000000001';
const palworld = 'c0ffee00-0000-4000-8000-000000000101';

async function invoiceNumber(id: string): Promise<string> {
	const { data, error } = await admin().from('invoices').select('number').eq('id', id).single();
	if (error) throw new Error(error.message);
	return data.number;
}

async function search(page: Page, label: string, term: string) {
	await page.getByLabel(label).fill(term);
	await page.getByLabel(label).press('Enter');
	await expect(page).toHaveURL((url) => url.searchParams.get('q') === term);
}

async function noSeriousAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	expect(
		serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

test('staff find a customer by e-mail and by invoice number, and open their page', async ({
	page,
}) => {
	test.setTimeout(120_000); // two-factor set-up and sign-in first
	await staffSignIn(page);
	await page.getByRole('link', { name: 'Customers' }).click();
	await expect(page).toHaveURL(/\/staff\/customers$/);

	await search(page, 'Find a customer', demo.email);
	const results = page.locator('[data-customer-results] tbody tr');
	await expect(results).toHaveCount(1);
	await expect(results.first()).toContainText('Ingrid Solberg');
	await expect(results.first()).toContainText(demo.email);
	await expect(results.first().locator('[data-matched]')).toHaveText('e-mail');
	await noSeriousAxeViolations(page);

	const number = await invoiceNumber(overdueInvoice);
	await search(page, 'Find a customer', number.toLowerCase());
	await expect(results).toHaveCount(1);
	await expect(results.first().locator('[data-matched]')).toHaveText('invoice number');
	await results.first().getByRole('link', { name: 'Ingrid Solberg' }).click();
	await expect(page).toHaveURL(/\/staff\/customers\/[0-9a-f-]{36}$/);
	await expect(page.locator('h1')).toHaveText('Ingrid Solberg');

	const profile = page.locator('[data-section=profile]');
	await expect(profile).toContainText(demo.email);
	await expect(profile).toContainText('Norway');
	const services = page.locator('[data-section=services]');
	for (const label of ['Pal island', 'Survival with friends', 'Monthly wipe'])
		await expect(services).toContainText(label);
	await expect(services.locator(`[data-service="${palworld}"] a`).first()).toHaveAttribute(
		'href',
		`/staff/services/${palworld}`,
	);
	const invoices = page.locator('[data-section=invoices]');
	await expect(invoices.getByRole('link', { name: number })).toHaveAttribute(
		'href',
		`/staff/invoices/${overdueInvoice}`,
	);
	const tickets = page.locator('[data-section=tickets]');
	await expect(
		tickets.getByRole('link', { name: 'Rust server suspended after payment reminder' }),
	).toHaveAttribute('href', `/staff/tickets/${openTicket}`);
	await expect(page.locator('[data-section=payments] tbody tr').first()).toBeVisible();
	await expect(page.locator('[data-section=affiliate]')).toBeVisible();
	await expect(page.locator('[data-section=audit]')).toBeVisible();
	await noSeriousAxeViolations(page);

	// A term that looks like a filter finds no one, and says so.
	await page.getByRole('link', { name: 'Back to the customer search' }).click();
	await search(page, 'Find a customer', 'a,b)or(id.neq.x');
	await expect(page.locator('[data-no-results]')).toContainText('No customer matches');
});

test('staff use the customers section in German', async ({ page }) => {
	test.setTimeout(120_000);
	await staffSignIn(page, '/de');
	await page.getByRole('link', { name: 'Kunden' }).click();
	await expect(page).toHaveURL(/\/de\/staff\/customers$/);
	await expect(page.locator('h1')).toHaveText('Kunden');
	await search(page, 'Kunden finden', 'Solberg');
	const row = page.locator('[data-customer-results] tbody tr', { hasText: demo.email });
	await expect(row.locator('[data-matched]')).toHaveText('Name');
	await expect(page.locator('[data-customer-results] caption')).toHaveText(
		'Gefundene Kunden für „Solberg“',
	);
	await row.getByRole('link', { name: 'Ingrid Solberg' }).click();
	await expect(page).toHaveURL(/\/de\/staff\/customers\/[0-9a-f-]{36}$/);
	for (const heading of ['Profil', 'Dienste', 'Rechnungen', 'Support-Tickets', 'Prüfverlauf'])
		await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
	await expect(page.locator('[data-section=profile]')).toContainText('Norwegen');
	await expect(
		page.locator('[data-section=tickets]').getByRole('link', {
			name: 'Rust server suspended after payment reminder',
		}),
	).toHaveAttribute('href', `/de/staff/tickets/${openTicket}`);
	await expect(page.getByRole('link', { name: 'Zurück zur Kundensuche' })).toBeVisible();
});

/**
 * An affiliate of the test's own with a payout request of 25.00 EUR, made as the programme makes
 * one: they join, a customer signs up with their code and pays 500.00 EUR (the database books 5 %),
 * the hold is over, and they ask for their available balance.
 */
async function affiliateWithPayoutRequest() {
	const db = admin();
	const email = uniqueEmail('affiliate');
	const password = 'affiliate-payout-2026';
	const made = await db.auth.admin.createUser({
		email,
		password,
		email_confirm: true,
		user_metadata: { first_name: 'Astrid', last_name: 'Partner' },
	});
	if (made.error) throw new Error(made.error.message);
	const { url, anonKey } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as {
		url: string;
		anonKey: string;
	};
	const affiliate = createClient(url, anonKey, { auth: { persistSession: false } });
	const signedIn = await affiliate.auth.signInWithPassword({ email, password });
	if (signedIn.error) throw new Error(signedIn.error.message);
	const joined = await affiliate.rpc('join_affiliate_programme');
	if (joined.error) throw new Error(joined.error.message);
	const referred = await db.auth.admin.createUser({
		email: uniqueEmail('referred'),
		email_confirm: true,
		user_metadata: { referral_code: joined.data },
	});
	if (referred.error) throw new Error(referred.error.message);
	const invoice = await db
		.from('invoices')
		.insert({
			number: `E2E-AFF-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`,
			user_id: referred.data.user.id,
			kind: 'new',
			currency: 'EUR',
			subtotal: 50_000,
			tax_rate: 25,
			tax: 12_500,
			total: 62_500,
			due_at: new Date().toISOString(),
		})
		.select('id')
		.single();
	if (invoice.error) throw new Error(invoice.error.message);
	for (const step of [
		db
			.from('invoices')
			.update({ status: 'paid', paid_at: new Date().toISOString() })
			.eq('id', invoice.data.id),
		db
			.from('commissions')
			.update({ available_at: new Date(Date.now() - 1000).toISOString() })
			.eq('invoice_id', invoice.data.id),
	]) {
		const { error } = await step;
		if (error) throw new Error(error.message);
	}
	const asked = await affiliate.rpc('request_affiliate_payout', {
		currency: 'EUR',
		details: 'IBAN NO93 8601 1117 947',
	});
	if (asked.error) throw new Error(asked.error.message);
	return { email, userId: made.data.user.id, payoutId: asked.data as string };
}

async function payoutStatus(id: string) {
	const { data } = await admin().from('affiliate_payouts').select('status').eq('id', id).single();
	return data?.status;
}

test('staff mark an affiliate payout paid; a second press elsewhere is refused', async ({
	page,
	context,
}) => {
	test.setTimeout(120_000);
	const { email, payoutId } = await affiliateWithPayoutRequest();
	await staffSignIn(page);
	await page.getByRole('link', { name: 'Affiliate payouts' }).click();
	await expect(page).toHaveURL(/\/staff\/payouts$/);
	const row = page.locator(`[data-payouts=requested] tr[data-payout="${payoutId}"]`);
	await expect(row).toContainText('Astrid Partner');
	await expect(row).toContainText(email);
	await expect(row.locator('[data-amount]')).toHaveText('€25.00');
	await expect(row).toContainText('IBAN NO93 8601 1117 947');
	await noSeriousAxeViolations(page);

	// The same list open in a second tab, as another member of staff might have it.
	const other = await context.newPage();
	await other.goto('/staff/payouts');
	const otherRow = other.locator(`[data-payouts=requested] tr[data-payout="${payoutId}"]`);
	await expect(otherRow.getByRole('button', { name: 'Reject' })).toBeVisible();

	page.once('dialog', (dialog) => {
		expect(dialog.message()).toBe(
			'Mark the payout of €25.00 to Astrid Partner as paid? Send the money first.',
		);
		void dialog.accept();
	});
	await row.getByRole('button', { name: 'Mark paid' }).click();
	await expect(row.getByRole('status')).toHaveText('Marked paid.');
	await expect(row.getByRole('button')).toHaveCount(0);
	expect(await payoutStatus(payoutId)).toBe('paid');

	other.once('dialog', (dialog) => void dialog.accept());
	await otherRow.getByRole('button', { name: 'Reject' }).click();
	await expect(otherRow.getByRole('status')).toHaveText(
		'This payout is already settled (Paid). Nothing was changed.',
	);
	expect(await payoutStatus(payoutId)).toBe('paid');
	await other.close();

	// Settled: below the waiting ones now, and in the affiliate's audit trail once.
	await page.reload();
	await expect(page.locator(`[data-payouts=requested] tr[data-payout="${payoutId}"]`)).toHaveCount(
		0,
	);
	const settled = page.locator(`[data-payouts=settled] tr[data-payout="${payoutId}"]`);
	await expect(settled).toHaveAttribute('data-status', 'paid');
	await settled.getByRole('link', { name: 'Astrid Partner' }).click();
	await expect(page.locator('h1')).toHaveText('Astrid Partner');
	const trail = page.locator('[data-section=audit] [data-audit-action]');
	await expect(trail).toHaveCount(1);
	await expect(trail.first()).toHaveAttribute('data-audit-action', 'payout_paid');
	await expect(trail.first()).toContainText(`payout:${payoutId}`);
	await expect(
		page.locator(`[data-section=affiliate] [data-payout="${payoutId}"] [data-status]`),
	).toHaveText('Paid');
});

test('a server its customer never named is listed by its plan on the customer’s page', async ({
	page,
}) => {
	test.setTimeout(120_000);
	const customer = await billingCustomer(0, 0);
	const [serviceId] = customer.services;
	const { error } = await admin().from('services').update({ label: '' }).eq('id', serviceId!);
	if (error) throw new Error(error.message);
	await staffSignIn(page);
	await page.goto(`/staff/customers/${customer.userId}`);
	const row = page.locator(`[data-service="${serviceId}"]`);
	await expect(row.getByRole('link').first()).toHaveText('Palworld · 8 GB RAM');
	await noSeriousAxeViolations(page);
});
