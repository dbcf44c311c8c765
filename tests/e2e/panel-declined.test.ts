import { expect, test } from './test';
import { signIn } from './backend';
import { admin, billingCustomer } from './fixtures';

// A renewal the saved card could not pay, as the customer meets it: the suspended server says why
// and leads to the invoice, whose payments list the declined attempt in words.

async function done(promise: PromiseLike<{ error: { message: string } | null }>) {
	const { error } = await promise;
	if (error) throw new Error(error.message);
}

test('a server suspended for a declined renewal says why and leads to paying it', async ({
	page,
}) => {
	const customer = await billingCustomer(0, 1);
	const [, serverId] = customer.services;
	const invoice = customer.unpaid[0]!;
	const db = admin();
	const dueAt = new Date(Date.now() - 4 * 86_400_000).toISOString();
	const suspendedAt = new Date(Date.now() - 86_400_000).toISOString();
	// What the billing run leaves behind after three declined charges, made as it would store it.
	await done(
		db
			.from('invoices')
			.update({ status: 'overdue', due_at: dueAt, late_fee: 300, total: 1300 })
			.eq('id', invoice.id),
	);
	await done(db.from('services').update({ status: 'suspended' }).eq('id', serverId!));
	await done(
		db.from('service_activity').insert({
			service_id: serverId!,
			user_id: customer.userId,
			event: 'suspended',
			detail: { at: suspendedAt, by: 'billing' },
		}),
	);
	await done(
		db.from('transactions').insert({
			invoice_id: invoice.id,
			user_id: customer.userId,
			kind: 'payment',
			gateway: 'test',
			gateway_reference: `declined:e2e-${invoice.id}`,
			amount: 1000,
			currency: 'EUR',
			status: 'failed',
			decline_code: 'insufficient_funds',
			card_brand: 'visa',
			card_last4: '4242',
		}),
	);

	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await page.goto(`/panel/game-servers/servers/${serverId}`);
	const notice = page.locator(`[data-suspension="${invoice.number}"]`);
	await expect(notice).toContainText('This server is suspended because an invoice is unpaid');
	await expect(notice).toContainText(`Invoice ${invoice.number} of €13.00 is not paid`);
	await expect(notice.locator('[data-suspension-deletion]')).toContainText('deleted on');
	await notice.getByRole('link', { name: `Pay invoice ${invoice.number}` }).click();

	await expect(page).toHaveURL(new RegExp(`/panel/billing/invoices/${invoice.id}$`));
	const attempt = page.locator('[data-transaction=payment]');
	await expect(attempt).toHaveCount(1);
	await expect(attempt).toContainText('Visa ending in 4242');
	await expect(attempt).toContainText('Declined');
	await expect(attempt.locator('[data-decline=insufficient_funds]')).toHaveText(
		'there was not enough money on the card.',
	);
});
